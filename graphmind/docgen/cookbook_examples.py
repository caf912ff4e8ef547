"""The GraphQL cookbook's examples, in the order they run: one named operation each
(`cookbook_example.py` says what an example is; the examples themselves are in
`cookbook_core_examples.py` and `cookbook_feature_examples.py`). Steps with `shown=False`
set the scene or clean up and are not written to docs/graphql.md.
graphmind/docgen/cookbook.py runs them.
"""

from graphmind.docgen.cookbook_core_examples import CORE_EXAMPLES
from graphmind.docgen.cookbook_example import Example
from graphmind.docgen.cookbook_feature_examples import FEATURE_EXAMPLES

EXAMPLES: list[Example] = CORE_EXAMPLES + FEATURE_EXAMPLES
