"""Rule R3, "no harmful or illegal content": memories that ask for or give the means of
grave harm are refused.

Three kinds, each a request or instruction (an action bound to a harmful object within
a few words), never a topic alone: "we fixed the SQL injection bug", "the ransomware
report is due", "our moderation team reports CSAM to NCMEC" and "how to make a bath
bomb" all pass.

- weapons of mass harm: making, building, releasing or acquiring chemical, biological,
  radiological or nuclear weapons and explosive devices ("how to synthesise sarin",
  "build a pipe bomb");
- sexual content involving minors: sexual material (not "sex education", not "sexual
  assault" in the news) within a few words of a child or a minor's age, or making,
  finding or trading CSAM;
- malware deployment: writing, deploying or spreading malware against someone else's
  systems or so as to evade detection ("deploy ransomware on the hospital's network").

No offline model for this ships on PyPI (moderation models download their weights at
run time), so these are phrase rules, English only, a floor and not a moderation
system; docs/memory.md says what they catch and what they let through.
"""

import re

_GAP = r"(?:\W+\w+){0,4}?\W+"  # up to four words between the action and its object


def _rule(action: str, target: str, tail: str = "") -> re.Pattern:
    return re.compile(rf"(?i)\b(?:{action}){_GAP}(?:{target})\b" + (f"(?:{tail})" if tail else ""))


_MAKE = (
    r"make|build|assemble|construct|synthesi[sz]e|produce|manufacture|cook|brew|weaponi[sz]e"
    r"|aerosoli[sz]e|culture|enrich|detonate|disperse|deploy|obtain|acquire"
)
_MASS_WEAPON = (
    r"nerve agents?|sarin|tabun|soman|novichok|vx(?: nerve)?(?: gas| agent)|ricin|abrin|anthrax"
    r"|botulinum(?: toxin)?|smallpox|bioweapons?|biological weapons?|chemical weapons?|mustard gas"
    r"|phosgene|chlorine gas|dirty bombs?|radiological (?:weapons?|bombs?|devices?)"
    r"|nuclear (?:bombs?|weapons?|devices?)|atomic bombs?|weapons[- ]grade (?:uranium|plutonium)"
    r"|pipe bombs?|car bombs?|nail bombs?|pressure[- ]cooker bombs?|fertili[sz]er bombs?|letter bombs?"
    r"|suicide (?:vests?|belts?)|improvised explosive devices?|ieds?|explosive devices?|tatp|hmtd"
    r"|napalm|(?:a |homemade |home-made )?bombs? (?:to|that will|that can) (?:kill|hurt|blow up|injure)"
)
_SEXUAL = (
    r"porn\w*|nudes?|naked (?:photos?|pictures?|pics?|images?|videos?)|nude (?:photos?|pictures?|pics?"
    r"|images?|videos?)|explicit (?:photos?|pictures?|pics?|images?|videos?|content|stor(?:y|ies))"
    r"|erotic\w*|sexual (?:content|images?|photos?|pictures?|videos?|stor(?:y|ies)|role-?play|acts?)"
    r"|sex (?:videos?|tapes?|pics?|stor(?:y|ies))|lewd \w+|sexualised|sexualized"
)
_MINOR = (
    r"child|children|childs?|kids?|minors?|underage|under-age|preteens?|pre-teens?|toddlers?|infants?"
    r"|schoolgirls?|schoolboys?|little (?:girls?|boys?)|young (?:girls?|boys?)|loli|shota"
    r"|(?:[1-9]|1[0-7])[- ](?:years?|yrs?)[- ]old"
)
_CSAM = r"csam|child porn\w*|child sexual abuse (?:material|images?|videos?)|cp links?"
_CSAM_ACTION = r"make|create|generate|produce|draw|write|find|get|download|buy|sell|share|trade|distribute|host|send|where (?:to|can I) (?:find|get|buy)"
_MALWARE = (
    r"ransomware|keyloggers?|botnets?|trojans?|rootkits?|spyware|stalkerware|cryptominers?|worms?"
    r"|viruse?s?|malware|rats?|remote access trojans?|backdoors?|infostealers?|credential stealers?"
)
_MALWARE_ACTION = (
    r"deploy|spread|install|plant|drop|infect|inject|launch|distribute|write|create|build|code|develop|make|sneak"
)
_AGAINST = (
    r"\W+(?:\w+\W+){0,8}?(?:on|onto|into|to|across|at|against|inside)\s+(?:(?:my|his|her|their|our|a|an|the|"
    r"some|other|someone's|people's|[\w-]+'s)\s+)*(?:ex|boss|coworkers?|co-workers?|neighbou?rs?|school|hospital"
    r"|company|competitors?|employer|targets?|victims?|wife|husband|girlfriend|boyfriend|partner|users?|customers?"
    r"|computers?|phones?|laptops?|network|machines?|devices?|systems?|servers?|people|someone|everyone)"
    r"|\W+(?:\w+\W+){0,8}?(?:without (?:them|their|his|her|the owner's) (?:knowing|knowledge|consent)"
    r"|undetect(?:ed|able)|(?:evade|bypass|avoid) (?:antivirus|anti-virus|av|edr|defender|detection))"
)
# Words that make the sentence about defence, moderation or history, not about doing harm.
_DEFENSIVE = re.compile(
    r"(?i)\b(?:antivirus|anti-virus|remov\w*|detect\w*|block\w*|protect\w*|clean\w*|patch\w*|fix\w*"
    r"|stop\w*|prevent\w*|quarantin\w*|analy[sz]\w*|honeypot|sandbox\w*|simulat\w*|vaccin\w*|antidote"
    r"|treat\w*|decontaminat\w*|disarm\w*|dispos\w*|defus\w*|report\w*|filter\w*|parental|moderat\w*"
    r"|flag\w*|safe\w*|ban|banned|bans)\b"
)
# ...unless they name what is evaded: "a trojan that can evade antivirus".
_EVASION = re.compile(
    r"(?i)\b(?:evad\w*|bypass\w*|avoid\w*|disabl\w*|get(?:ting)? past)\W+(?:\w+\W+)?"
    r"(?:antivirus|anti-virus|av|edr|defender|detection)\b"
)

# (reason, pattern, where the defensive words are looked for: the match or the sentence)
RULES: list[tuple[str, re.Pattern, str]] = [
    ("instructions for a weapon capable of mass harm", _rule(_MAKE, _MASS_WEAPON), "match"),
    ("sexual content involving minors", _rule(_SEXUAL, _MINOR), "sentence"),
    ("sexual content involving minors", _rule(_MINOR, _SEXUAL), "sentence"),
    ("sexual content involving minors", _rule(_CSAM_ACTION, _CSAM), "sentence"),
    ("deploying malware against others' systems", _rule(_MALWARE_ACTION, _MALWARE, _AGAINST), "match"),
]
_EXCEPTIONS = re.compile(r"(?i)\bsex(?:ual)? (?:education|ed|health)\b|\bbath bombs?\b")


def harmful(text: str) -> str | None:
    """Why `text` is refused under R3, or None when it may be stored."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        sentence = _EXCEPTIONS.sub(" ", sentence)
        for reason, pattern, scope in RULES:
            match = pattern.search(sentence)
            context = _EVASION.sub(" ", match.group(0) if scope == "match" else sentence) if match else ""
            if match and not _DEFENSIVE.search(context):
                return reason
    return None
