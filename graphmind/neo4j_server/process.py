"""Starting, stopping and checking the managed Neo4j server process."""

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from neo4j import GraphDatabase
from neo4j import exceptions as neo4j_errors

from graphmind.db.queries import QueryLibrary
from graphmind.errors import Neo4jServerError
from graphmind.neo4j_server import class_archive, config, runtime
from graphmind.settings import Settings

INITIAL_PASSWORD = "neo4j"  # what a fresh Neo4j accepts until it is changed


@dataclass
class ServerStatus:
    running: bool
    pid: int | None
    bolt_open: bool
    bolt_uri: str
    browser_url: str
    home: Path


class Neo4jServer:
    """One Neo4j instance: its folder (`GRAPHMIND_NEO4J_HOME`) and its ports; `pom` and
    `entry_point` choose another Neo4j release (the upgrade test runs 5.26 with them).
    It starts with the class archive of its runtime and jars when there is one
    (class_archive.py); with `class_list`, it writes the classes it loads there instead."""

    def __init__(
        self,
        settings: Settings,
        pom: Path = runtime.POM,
        entry_point: str = config.ENTRY_POINT,
        class_list: Path | None = None,
    ) -> None:
        self.settings = settings
        self.pom = pom
        self.entry_point = entry_point
        self.class_list = class_list
        self.home = settings.neo4j_home.resolve()
        self.pid_file = self.home / "run" / "graphmind-neo4j.pid"
        self.console_log = self.home / "logs" / "console.log"

    # ---- state -------------------------------------------------------
    def pid(self) -> int | None:
        """The pid of this instance's JVM, or None when it is not running."""
        try:
            pid = int(self.pid_file.read_text())
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except (OSError, ValueError):
            return None
        return pid if str(self.home).encode() in cmdline else None

    def bolt_open(self) -> bool:
        try:
            with socket.create_connection((self.settings.neo4j_host, self.settings.neo4j_bolt_port), timeout=0.5):
                return True
        except OSError:
            return False

    def status(self) -> ServerStatus:
        s = self.settings
        return ServerStatus(
            running=self.pid() is not None,
            pid=self.pid(),
            bolt_open=self.bolt_open(),
            bolt_uri=s.bolt_uri,
            browser_url=config.browser_url(s),
            home=self.home,
        )

    # ---- lifecycle ---------------------------------------------------
    def start(self) -> bool:
        """Starts the server and waits until Bolt answers; False if it already ran."""
        if self.pid() is not None:
            self._wait_until_ready()
            return False
        if self.bolt_open():
            raise Neo4jServerError(
                f"port {self.settings.neo4j_bolt_port} is taken by another process; "
                "stop it or set GRAPHMIND_NEO4J_BOLT_PORT"
            )
        runtime.install(self.settings.neo4j_lib, self.pom)
        runtime.require_tools()
        for folder in ("conf", "data", "logs", "run", "import", "plugins"):
            (self.home / folder).mkdir(parents=True, exist_ok=True)
        (self.home / "conf" / "neo4j.conf").write_text(config.render_conf(self.settings))
        java = runtime.neo4j_java()
        command = [
            java,
            *config.jvm_flags(self.settings),
            *(
                class_archive.record_flags(self.class_list)
                if self.class_list
                else class_archive.jvm_flags(self.settings, java)
            ),
            "-cp",
            class_archive.classpath(self.settings.neo4j_lib),
            self.entry_point,
            f"--home-dir={self.home}",
            f"--config-dir={self.home / 'conf'}",
        ]
        with open(self.console_log, "ab") as log:
            process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                cwd=self.home,
                start_new_session=True,
            )
        self.pid_file.write_text(str(process.pid))
        self._wait_until_ready(process)
        return True

    def stop(self, timeout: float = 60.0) -> bool:
        """Stops the server cleanly (SIGTERM, then SIGKILL); False if it was not running."""
        pid = self.pid()
        if pid is None:
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while self.pid() is not None and time.monotonic() < deadline:
            time.sleep(0.2)
        if self.pid() is not None:
            os.kill(pid, signal.SIGKILL)
            while self.pid() is not None:
                time.sleep(0.1)
        self.pid_file.unlink(missing_ok=True)
        return True

    # ---- readiness ---------------------------------------------------
    def _wait_until_ready(self, process: subprocess.Popen | None = None) -> None:
        deadline = time.monotonic() + self.settings.neo4j_start_timeout
        while not self.bolt_open():
            if process is not None and process.poll() is not None:
                raise Neo4jServerError(f"Neo4j exited with code {process.returncode}:\n{self._log_tail()}")
            if time.monotonic() > deadline:
                raise Neo4jServerError(f"Bolt did not answer in time:\n{self._log_tail()}")
            time.sleep(0.25)
        self._ensure_credentials(deadline)

    def _ensure_credentials(self, deadline: float) -> None:
        """Checks the configured credentials; on a fresh server, sets the password."""
        s = self.settings
        while True:
            try:
                with GraphDatabase.driver(s.bolt_uri, auth=(s.neo4j_user, s.neo4j_password)) as driver:
                    driver.verify_connectivity()
                return
            except neo4j_errors.AuthError:
                if not s.neo4j_auth_enabled or not self._set_initial_password():
                    raise Neo4jServerError(
                        "Neo4j refused GRAPHMIND_NEO4J_USER/GRAPHMIND_NEO4J_PASSWORD; this "
                        f"instance ({self.home}) was set up with another password"
                    ) from None
            except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError):
                if time.monotonic() > deadline:
                    raise Neo4jServerError(f"Bolt is not answering:\n{self._log_tail()}") from None
                time.sleep(0.5)

    def _set_initial_password(self) -> bool:
        s = self.settings
        query = QueryLibrary.load(s.cypher_dir)["system.change_initial_password"]
        try:
            with GraphDatabase.driver(s.bolt_uri, auth=(s.neo4j_user, INITIAL_PASSWORD)) as d:
                d.execute_query(
                    query.text,
                    query.bind({"old": INITIAL_PASSWORD, "new": s.neo4j_password}),
                    database_="system",
                )
            return True
        except neo4j_errors.AuthError:
            return False

    def _log_tail(self, lines: int = 30) -> str:
        text = ""
        for log in (self.console_log, self.home / "logs" / "neo4j.log"):
            if log.is_file():
                text += "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) + "\n"
        return text
