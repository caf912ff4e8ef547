"""The GraphQL schema: every query, mutation and subscription of GraphMind.

`schema.graphql` at the top of the repository is exported from this module
(`graphmind export-schema`); a test fails when the two differ.
"""

import inspect
from collections.abc import AsyncGenerator, Iterator
from contextlib import suppress

import strawberry
from graphql import ASTValidationRule, GraphQLError, OperationDefinitionNode
from strawberry.extensions import (
    AddValidationRules,
    DisableIntrospection,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)
from strawberry.scalars import JSON
from strawberry.schema.schema import DEFAULT_ALLOWED_OPERATION_TYPES
from strawberry.types.graphql import OperationType

from graphmind.api import associative as associative_api
from graphmind.api import gardener as gardener_api
from graphmind.api import improvement as improvement_api
from graphmind.api import keys as keys_api
from graphmind.api import learning as learning_api
from graphmind.api import memory as memory_api
from graphmind.api import sessions as sessions_api
from graphmind.api import sharing as sharing_api
from graphmind.api import trails as trails_api
from graphmind.api import userdata as userdata_api
from graphmind.api.associative_types import ActivationResult, Drift, LearnResult, Snapshot, WhyResult
from graphmind.api.errors import ErrorCodes
from graphmind.api.gardener_types import Job, JobRun
from graphmind.api.health import Health, resolve_health
from graphmind.api.improvement_types import ImprovementCycle, SelfImprovement
from graphmind.api.keys_types import ApiKey, CreatedApiKey
from graphmind.api.learning_types import (
    Counterfactual,
    Decision,
    DecisionConnection,
    DecisionResult,
    Event,
    EventConnection,
    OutcomeResult,
    TopPerformer,
)
from graphmind.api.memory_types import (
    Memory,
    MemoryConnection,
    RecallResult,
    RememberResult,
    RestoreResult,
    SupersedeResult,
)
from graphmind.api.metrics import RootFieldTimer
from graphmind.api.permissions import admin_only
from graphmind.api.selections import SelectionsNotEmpty, tolerant
from graphmind.api.sessions_types import (
    EndSessionResult,
    HelperBrief,
    LogSessionResult,
    Session,
    SessionEntry,
    SessionMemory,
)
from graphmind.api.sharing_types import PatternSharing, SharedPatternConnection
from graphmind.api.trails_types import MergeTrailsResult, ResumeTrailResult, SaveTrailResult, Trail, TrailConnection
from graphmind.settings import Settings


def field(resolver, description: str | None = None, admin: bool = False):
    """A root field whose description is its resolver's docstring, timed for /metrics
    (`RootFieldTimer`); `admin`: admin keys only."""
    # cleandoc: Python 3.13 strips a docstring's indentation itself, 3.11 does not; the schema
    # must read the same on both
    return strawberry.field(
        resolver=resolver,
        description=description or inspect.cleandoc(resolver.__doc__ or ""),
        extensions=[RootFieldTimer(), *([admin_only()] if admin else [])],
    )


@strawberry.type(description="Read operations; every one is scoped to the calling user.")
class Query:
    health: Health = field(resolve_health, "Neo4j version, index states, the embedding model and node counts.")
    recall: RecallResult = field(memory_api.recall)
    memory: Memory = field(memory_api.memory)
    memories: MemoryConnection = field(memory_api.memories)
    decision: Decision = field(learning_api.decision)
    decisions: DecisionConnection = field(learning_api.list_decisions)
    events: EventConnection = field(learning_api.events)
    top_performers: list[TopPerformer] = field(learning_api.top_performers)
    counterfactuals: list[Counterfactual] = field(learning_api.counterfactuals)
    activate: ActivationResult = field(associative_api.activate)
    why: WhyResult = field(associative_api.why)
    drift: Drift = field(associative_api.drift)
    trail: Trail = field(trails_api.trail)
    trails: TrailConnection = field(trails_api.list_trails)
    jobs: list[Job] = field(gardener_api.jobs, admin=True)
    self_improvement: SelfImprovement = field(improvement_api.self_improvement, admin=True)
    improvement_cycles: list[ImprovementCycle] = field(improvement_api.improvement_cycles)
    self_improvement_preview: ImprovementCycle = field(improvement_api.self_improvement_preview, admin=True)
    pattern_sharing: PatternSharing = field(sharing_api.pattern_sharing)
    shared_patterns: SharedPatternConnection = field(sharing_api.shared_patterns)
    session: Session = field(sessions_api.session)
    session_recall: list[SessionMemory] = field(sessions_api.session_recall)
    helper_brief: HelperBrief = field(sessions_api.helper_brief)
    api_keys: list[ApiKey] = field(keys_api.api_keys, admin=True)
    export_user_data: JSON = field(userdata_api.export_user_data)


@strawberry.type(description="Changes; each is one Neo4j transaction scoped to the calling user.")
class Mutation:
    remember: RememberResult = field(memory_api.remember)
    remember_many: list[RememberResult] = field(memory_api.remember_many)
    forget: Memory = field(memory_api.forget)
    restore: RestoreResult = field(memory_api.restore)
    supersede: SupersedeResult = field(memory_api.supersede)
    decide: DecisionResult = field(learning_api.decide)
    observe_outcome: OutcomeResult = field(learning_api.observe_outcome)
    learn: LearnResult = field(associative_api.learn)
    snapshot: Snapshot = field(associative_api.snapshot)
    save_trail: SaveTrailResult = field(trails_api.save_trail)
    resume_trail: ResumeTrailResult = field(trails_api.resume_trail)
    merge_trails: MergeTrailsResult = field(trails_api.merge_trails)
    run_job: JobRun = field(gardener_api.run_job, admin=True)
    set_self_improvement_kill_switch: SelfImprovement = field(
        improvement_api.set_self_improvement_kill_switch, admin=True
    )
    set_self_improvement: SelfImprovement = field(improvement_api.set_self_improvement, admin=True)
    run_self_improvement: ImprovementCycle = field(improvement_api.run_self_improvement, admin=True)
    start_session: Session = field(sessions_api.start_session)
    log_session: LogSessionResult = field(sessions_api.log_session)
    resolve_blocker: SessionEntry = field(sessions_api.resolve_blocker)
    end_session: EndSessionResult = field(sessions_api.end_session)
    create_api_key: CreatedApiKey = field(keys_api.create_api_key, admin=True)
    revoke_api_key: ApiKey = field(keys_api.revoke_api_key, admin=True)
    delete_user_data: userdata_api.DeleteUserDataResult = field(userdata_api.delete_user_data)
    set_pattern_sharing: PatternSharing = field(sharing_api.set_pattern_sharing)


@strawberry.type(description="Live streams over graphql-ws; scoped to the calling user.")
class Subscription:
    events: AsyncGenerator[Event, None] = strawberry.subscription(
        resolver=learning_api.event_stream, description=inspect.cleandoc(learning_api.event_stream.__doc__ or "")
    )


class GraphMindSchema(strawberry.Schema):
    def process_errors(self, errors, execution_context=None) -> None:
        """Errors are logged by ErrorCodes (internal ones, with a correlation id)."""

    async def execute(self, *args, allowed_operation_types=None, **kwargs):
        """A subscription only streams (graphql-ws); sent as a plain POST it is a bad request,
        not a subscription resolver run as a query (an internal error)."""
        allowed = set(allowed_operation_types or DEFAULT_ALLOWED_OPERATION_TYPES) - {OperationType.SUBSCRIPTION}
        return await super().execute(*args, allowed_operation_types=allowed, **kwargs)

    async def stream(self, *args, allowed_operation_types=None, **kwargs):
        """Over the websocket (graphql-transport-ws, which names no types) only subscriptions
        run: a query or mutation there would skip what POST /graphql checks per request (the
        rate limit, the body's characters, the count `deleteUserData` waits for), its key
        checked only at the handshake. HTTP streaming names its types and keeps them."""
        allowed = allowed_operation_types if allowed_operation_types is not None else {OperationType.SUBSCRIPTION}
        return await super().stream(*args, allowed_operation_types=allowed, **kwargs)


class ParseCache(ParserCache):
    """strawberry's ParserCache, except for a document that does not parse: that one is
    left to strawberry's own parse, whose error gets its code from ErrorCodes (raised from
    ParserCache's hook, it would reach the client without one)."""

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        with suppress(GraphQLError):
            context.graphql_document = self.cached_parse_document(context.query, **context.parse_options)
        yield


class OperationNamed(SchemaExtension):
    """A document of several operations runs the one its request names: strawberry would
    run the first when none is named (a mutation the client did not choose, silently);
    that is refused, as the GraphQL spec's operation selection says. Placed after the
    validation cache, whose result it adds to."""

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document = context.graphql_document
        if context._provided_operation_name is None and not context.pre_execution_errors and document is not None:
            operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
            if len(operations) > 1:
                context.pre_execution_errors = [
                    GraphQLError(
                        "the document holds several operations: name the one to run in operationName",
                        extensions={"field": "operationName"},
                    )
                ]
        yield


# distinct documents whose parse and validation are kept: agents send the same few
# documents with new variables, and a bound keeps unique texts from growing memory
DOCUMENT_CACHE_SIZE = 256


def build_schema(settings: Settings | None = None) -> strawberry.Schema:
    """A document's parse and validation are cached (strawberry's ParserCache and
    ValidationCache): 10% of a server's CPU under `bench load` went to validating the same
    documents again, and parsing them again cost a recall 0.4-0.6 ms of strawberry's 1.6 ms
    (docs/architecture.md). A parse is cached per document text and token limit; a document
    that does not parse (or is over the limit) is refused again each time.
    The depth and alias limits are validation rules made once here, not per request: a
    limiter made per request makes new rule classes, and the validation cache, keyed by
    the rules, would never hit."""
    settings = settings or Settings()
    limits: list[type[ASTValidationRule]] = [
        SelectionsNotEmpty,
        *map(tolerant, QueryDepthLimiter(max_depth=settings.max_query_depth).validation_rules),
        *MaxAliasesLimiter(max_alias_count=settings.max_query_aliases).validation_rules,
    ]
    return GraphMindSchema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        extensions=[
            *([] if settings.introspection else [DisableIntrospection]),
            lambda: AddValidationRules(limits),
            lambda: MaxTokensLimiter(max_token_count=settings.max_query_tokens),
            lambda: ParseCache(maxsize=DOCUMENT_CACHE_SIZE),
            lambda: ValidationCache(maxsize=DOCUMENT_CACHE_SIZE),
            OperationNamed,
            ErrorCodes,
        ],
    )


schema = build_schema()
