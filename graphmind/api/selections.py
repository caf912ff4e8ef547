"""Documents with an empty selection set (`memories(first: 1) { }`): graphql-core 3.3 parses
them, and strawberry's depth limiter then failed on one (`max()` of nothing), answered as an
uncoded error that named Python's message. Such a document is refused as bad input by
`SelectionsNotEmpty`, and `tolerant` keeps a validation rule from computing over it."""

from graphql import ASTValidationRule, GraphQLError, SelectionSetNode, ValidationContext, ValidationRule, visit
from graphql.language import Visitor


class _Empty(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found = False

    def enter_selection_set(self, node: SelectionSetNode, *_) -> None:
        if not node.selections:
            self.found = True


def has_empty_selection(context: ValidationContext) -> bool:
    empty = _Empty()
    visit(context.document, empty)
    return empty.found


class SelectionsNotEmpty(ValidationRule):
    """A selection set selects at least one field (BAD_USER_INPUT, as any invalid document)."""

    def enter_selection_set(self, node: SelectionSetNode, *_) -> None:
        if not node.selections:
            self.report_error(GraphQLError("a selection set must select at least one field", node))


def tolerant(rule: type[ASTValidationRule]) -> type[ASTValidationRule]:
    """`rule`, skipped on a document with an empty selection set (which SelectionsNotEmpty
    refuses): strawberry's depth limiter computes in its constructor and fails on one."""

    class Tolerant(rule):  # type: ignore[valid-type, misc]
        def __init__(self, context: ValidationContext) -> None:
            if has_empty_selection(context):
                ValidationRule.__init__(self, context)
            else:
                super().__init__(context)

    Tolerant.__name__ = f"Tolerant{rule.__name__}"
    return Tolerant
