"""The words the value-level comparison reads: negations, stopwords, contractions, predicates, markers, function words, number and calendar words, verbs."""

NEGATIONS = frozenset("not no never none nobody nothing neither nor without".split())
STOPWORDS = frozenset(
    "a an the this that these those some any and or but so then just really very quite"
    " also too still do does did will would shall should can could may might must".split()
)
CONTRACTIONS = {
    "don't": "do", "doesn't": "does", "didn't": "did", "isn't": "is", "aren't": "are",
    "wasn't": "was", "weren't": "were", "won't": "will", "can't": "can", "cannot": "can",
    "couldn't": "could", "shouldn't": "should", "wouldn't": "would", "haven't": "have",
    "hasn't": "has", "hadn't": "had", "mustn't": "must", "needn't": "need",
}  # fmt: skip
CLITICS = {"m": "am", "re": "are", "ve": "have", "ll": "will"}
IS_CLITIC_HOSTS = frozenset("he she it that there here what who where".split())
IRREGULAR = {
    "am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "been": "be",
    "being": "be", "has": "have", "had": "have", "does": "do", "did": "do",
}  # fmt: skip
SUFFIXES = ("'s", "ing", "ies", "es", "ed", "s", "d")
PREDICATES = frozenset(
    "be am is are was were have has had live work like love prefer hate enjoy use want need"
    " cost start end move call name own drive study weigh earn pay born favourite favorite"
    " at".split()
)
MARKERS = frozenset(
    "now currently actually instead anymore changed change changes moved move moves switched switch"
    " updated update correction corrected".split()
)
# Words that say nothing about the subject or its value when comparing two texts.
FUNCTION_WORDS = frozenset(
    "i me my mine we us our ours you your yours he him his she her hers it its they them their"
    " theirs to at in on for of by with from into onto as is am are be been being was were has"
    " have had there here all every each both few many much more most other another such several"
    " whole".split()
)
PRONOUNS = frozenset("i we you they he she".split())
# A replaced span's leading preposition names which attribute it states ("lives in Berlin" /
# "lives with two cats"; "runs version 7.2" / "runs on 3 nodes"): two spans led differently
# state two attributes, not two values of one.
PREPOSITIONS = frozenset(
    "to at in on for of by with from into onto as near under over inside outside within without via"
    " across behind beside between through".split()
)
NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty"
    " ninety hundred thousand million billion half double twice once dozen first second third"
    " fourth fifth".split()
)
CALENDAR_WORDS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may"
    " june july august september october november december".split()
)
VERBS = frozenset(
    "run runs ran use uses used start starts started begin begins end ends finish open opens close"
    " closes own owns owned lead leads manage manages host hosts deploy deploys store stores cost"
    " costs take takes set sets schedule scheduled move moved switch switched change changed become"
    " became remain remains stay stays belong belongs point points expire expires renew support"
    " supports require requires contain contains go goes went come comes happen happens meet meets"
    " live lives work works get gets got make makes made keep keeps kept pay pays hold holds"
    " handle handles serve serves report reports sit sits weigh weighs earn earns load loads allow allows"
    " include includes last lasts cover covers limit limits accept accepts return returns show shows"
    " expect expects equal equals reach reaches exceed exceeds measure measures target targets".split()
)
NUMBERS = {
    word: str(n)
    for n, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
        " seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90"}
MONTHS = {
    "jan": "January",
    "feb": "February",
    "mar": "March",
    "apr": "April",
    "jun": "June",
    "jul": "July",
    "aug": "August",
    "sep": "September",
    "sept": "September",
    "oct": "October",
    "nov": "November",
    "dec": "December",
}
