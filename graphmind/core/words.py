"""Word lists the text rules share: stopwords, common words, instruction verbs."""

STOPWORDS = {
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "did", "do", "does", "for", "from",
    "had", "has", "have", "he", "her", "his", "how", "i", "if", "in", "into", "is", "it", "its",
    "me", "my", "no", "not", "of", "on", "or", "our", "she", "so", "such", "that", "the",
    "their", "then", "there", "these", "they", "this", "to", "was", "we", "were", "what",
    "when", "where", "which", "who", "whom", "why", "will", "with", "would", "you", "your",
}

COMMON_WORDS = {
    "i", "i'm", "i've", "i'd", "i'll", "a", "an", "the", "this", "that", "these", "those", "it",
    "it's", "we", "you", "he", "she", "they", "my", "our", "your", "his", "her", "their", "its",
    "hey", "hi", "hello", "yes", "yeah", "no", "not", "thanks", "thank", "oh", "wow", "ok",
    "okay", "sure", "well", "so", "and", "but", "or", "if", "when", "what", "why", "how", "who",
    "where", "which", "did", "do", "does", "was", "were", "is", "are", "be", "been", "have",
    "has", "had", "can", "could", "would", "should", "will", "just", "also", "there", "here",
    "let", "let's", "great", "good", "nice", "cool", "awesome", "sounds", "that's", "what's",
    "me", "us", "them", "any", "some", "all", "as", "at", "by", "for", "from", "in", "of",
    "on", "to", "with", "after", "before", "during", "since", "user", "agent", "today",
    "yesterday", "tomorrow", "really", "totally", "definitely", "absolutely", "anyway",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "haha", "lol", "omg", "bye", "congrats", "glad",
}

# Verbs that open an instruction ("Ping alice …", "Run Neo4j …"); sentence-initial, they are not names.
INSTRUCTION_VERBS = {
    "ping", "run", "use", "check", "stop", "start", "restart", "deploy", "call", "send", "add", "remove",
    "make", "set", "try", "ask", "tell", "install", "upgrade", "rotate", "delete", "create", "build",
    "fix", "move", "keep", "read", "write", "look", "find", "follow", "ensure", "avoid", "open", "close",
    "review", "verify", "update", "rerun", "retry", "restore", "reset", "clear", "kill", "wait", "pin",
    "bump", "merge", "revert", "rollback", "enable", "disable", "configure", "mount", "drop", "increase",
    "decrease", "raise", "lower", "switch", "replace", "turn", "put", "give", "take", "don't", "do",
}
