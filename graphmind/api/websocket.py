"""The cap on subscriptions per /graphql websocket, refused with a code.

strawberry caps the operations one connection runs at once
(`max_subscriptions_per_connection`; GraphMind passes `GRAPHMIND_MAX_SUBSCRIPTIONS_PER_CONNECTION`)
but refuses one more with a bare "Subscription limit reached". These handlers refuse it
first, as a GraphQL error with BAD_USER_INPUT, in each protocol's error message for that
operation id: the connection and its other subscriptions go on. The size of a message is
the guard's (api/guard.py).
"""

from collections.abc import Iterable
from typing import cast

from graphql import GraphQLError, GraphQLFormattedError
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import BaseGraphQLTransportWSHandler
from strawberry.subscriptions.protocols.graphql_transport_ws.types import SubscribeMessage
from strawberry.subscriptions.protocols.graphql_ws.handlers import BaseGraphQLWSHandler
from strawberry.subscriptions.protocols.graphql_ws.types import StartMessage

from graphmind.api.context import Context


def past_cap(cap: int | None, acknowledged: bool, operation_id: str, running: Iterable[str]) -> bool:
    """Whether a new operation would pass the cap. Not refused here: on a connection not
    acknowledged, or for an id in use (strawberry closes the connection, or replaces the
    operation, as each protocol says)."""
    running = set(running)
    return cap is not None and acknowledged and operation_id not in running and len(running) >= cap


def too_many(cap: int) -> GraphQLFormattedError:
    """The error of a subscription past the cap."""
    message = f"at most {cap} subscriptions at once on one connection: complete one first, or open another"
    return GraphQLError(message, extensions={"code": "BAD_USER_INPUT"}).formatted


class TransportWSHandler(BaseGraphQLTransportWSHandler[Context, None]):
    """graphql-transport-ws: a subscribe past the cap gets an `error` message."""

    async def handle_subscribe(self, message: SubscribeMessage) -> None:
        cap = self.max_subscriptions_per_connection
        if past_cap(cap, self.connection_acknowledged, message["id"], self.operations):
            await self.send_message({"id": message["id"], "type": "error", "payload": [too_many(cast(int, cap))]})
            return
        await super().handle_subscribe(message)


class LegacyWSHandler(BaseGraphQLWSHandler[Context, None]):
    """The older graphql-ws (subscriptions-transport-ws): a start past the cap gets an `error` message."""

    async def handle_start(self, message: StartMessage) -> None:
        cap = self.max_subscriptions_per_connection
        if past_cap(cap, self.connection_acknowledged, message["id"], self.tasks):
            await self.send_message({"type": "error", "id": message["id"], "payload": too_many(cast(int, cap))})
            return
        await super().handle_start(message)
