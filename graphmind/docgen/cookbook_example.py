"""What a cookbook example is: a named operation, its variables, the section it is shown in.

`Ref("Op", "path")` stands for a value of an earlier response (`Op` is its operation
name; the path starts below `data`, list items by index, -1 the last); `USER` and
`ADMIN` for the two fresh users the capture creates.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ref:
    operation: str
    path: str


USER, ADMIN = Ref("$", "user"), Ref("$", "admin")


@dataclass(frozen=True)
class Example:
    section: str
    document: str
    variables: dict = field(default_factory=dict)
    admin: bool = False  # sent with the admin's key, else the user's
    shown: bool = True
    note: str = ""
    trigger: "Example | None" = None  # subscriptions: sent over HTTP while subscribed


MEMORY = "Memories: remember, recall, manage"
LEARNING = "Decisions and outcomes"
ASSOCIATIVE = "Associations, activation, drift"
TRAILS = "Trails (saved investigations)"
SESSIONS = "Sessions"
GARDENER = "Gardener and self-improvement"
SHARING = "Pattern sharing"
STREAMS = "Subscriptions"
PRIVACY = "API keys and your data"
HEALTH = "Health"
