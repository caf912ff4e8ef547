"""A client that goes away mid-request (closes the connection while it sends its body,
or before the response is out) is no error of the service: Starlette raises
`ClientDisconnect`, which uvicorn logged as "Exception in ASGI application" with a
traceback (QA). The outermost middleware ends such a request quietly, with a debug line;
there is no one left to answer.
"""

import logging

from starlette.requests import ClientDisconnect

log = logging.getLogger("graphmind")


class QuietDisconnects:
    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        try:
            await self.app(scope, receive, send)
        except ClientDisconnect:
            log.debug("%s %s: the client went away before the request was done", scope.get("method"), scope.get("path"))
