"""An id that is not a Holm id never leaves the client.

Every path parameter of every operation in Holm's OpenAPI document, given `..`, `/`, `%2e` and the
like, raises ValueError naming the parameter, through Holm, AsyncHolm and the generated endpoint
modules alike, and a listener that records every request it gets sees none of them. Without the
check, httpx resolves `holm.verify_email_sign_in("../users/<victim>/unblock?", code=...)` (a request
id from a visitor's cookie) into POST /users/<victim>/unblock, with the API secret."""

from __future__ import annotations

import asyncio
import inspect
import pkgutil
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import ModuleType
from typing import Any, Dict, Iterator, List, Tuple

import pytest

import holm_client._generated.api as generated_api
from holm_client import AsyncHolm, Holm, HolmError, is_holm_id
from holm_client._generated.client import Client

ID = "eeidmqmvdtjhaddujv8twjug"
ID_RULE = "^[a-km-np-z2-9]{24}$"
BAD_IDS = ["..", ".", "/", "?", "#", "%2e", "%2e%2e", "", f"../users/{ID}/unblock?", ID.upper(), ID[1:], ID + "a", ID + "\n"]


class RequestRecorder:
    """Answers every request 404 NOT_FOUND, and remembers its method and path."""

    def __init__(self) -> None:
        self.received: List[str] = []
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def record(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                recorder.received.append(f"{self.command} {self.path}")
                body = b'{"error": "NOT_FOUND"}'
                self.send_response(404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = record  # noqa: N815 (the names http.server calls)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def recorder() -> Iterator[RequestRecorder]:
    running = RequestRecorder()
    yield running
    running.server.shutdown()


@pytest.fixture(scope="module")
def document(holm_server: Any) -> Dict[str, Any]:
    with Holm(holm_server.url, "unused-for-the-public-document") as holm:
        return holm.get_open_api().to_dict()


def snake(operation_id: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", operation_id).lower()


def path_operations(document: Dict[str, Any]) -> List[Tuple[str, List[str]]]:
    """(method name, path parameter names in the order of the path) of every operation with any."""
    found = []
    for path, item in document["paths"].items():
        names = re.findall(r"\{([^}]+)\}", path)
        for operation in item.values():
            if names and isinstance(operation, dict) and "operationId" in operation:
                found.append((snake(operation["operationId"]), names))
    return found


def bad_calls(document: Dict[str, Any]) -> Iterator[Tuple[str, str, str, Dict[str, str]]]:
    """(method name, parameter, bad value, every path parameter with a valid id but that one)."""
    for name, parameters in path_operations(document):
        for parameter in parameters:
            for value in BAD_IDS:
                yield name, parameter, value, {p: value if p == parameter else ID for p in parameters}


def required_keywords(function: Any) -> Dict[str, Any]:
    """None for each keyword the function requires: the id is judged before any of them."""
    parameters = inspect.signature(function).parameters.values()
    return {p.name: None for p in parameters if p.kind == p.KEYWORD_ONLY and p.default is p.empty and p.name != "client"}


def endpoint_modules() -> Dict[str, ModuleType]:
    """Every generated endpoint module, by its name (the operation's, in snake_case)."""
    modules = {}
    for tag in pkgutil.iter_modules(generated_api.__path__):
        package = __import__(f"{generated_api.__name__}.{tag.name}", fromlist=["*"])
        for module in pkgutil.iter_modules(package.__path__):
            modules[module.name] = __import__(f"{package.__name__}.{module.name}", fromlist=["*"])
    return modules


def message(parameter: str) -> str:
    return f"{parameter} must be a Holm id (24 characters of abcdefghijkmnpqrstuvwxyz23456789)"


def test_every_path_parameter_in_the_document_is_a_holm_id(document: Dict[str, Any]) -> None:
    described = 0
    for item in document["paths"].values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if "$ref" in parameter:
                    parameter = document["components"]["parameters"][parameter["$ref"].split("/")[-1]]
                if parameter["in"] != "path":
                    continue
                # A parameter of another form needs its own rule in holm_client/_path.py and client/src/path.ts.
                schema = parameter["schema"]
                assert (schema["type"], schema["pattern"], schema["minLength"], schema["maxLength"]) == ("string", ID_RULE, 24, 24), parameter["name"]
                described += 1
    in_paths = sum(len(parameters) for _, parameters in path_operations(document))
    assert in_paths > 30
    assert described == in_paths


def test_holm_refuses_them_before_any_request(document: Dict[str, Any], recorder: RequestRecorder) -> None:
    recorder.received.clear()
    with Holm(recorder.url, "secret-of-the-recorder") as holm:
        for name, parameter, value, path in bad_calls(document):
            method = getattr(holm, name)
            with pytest.raises(ValueError) as raised:
                method(*path.values(), **required_keywords(method))
            assert str(raised.value) == message(parameter), f"{name}({value!r})"
    assert recorder.received == []


def test_async_holm_refuses_them_before_any_request(document: Dict[str, Any], recorder: RequestRecorder) -> None:
    async def run() -> None:
        async with AsyncHolm(recorder.url, "secret-of-the-recorder") as holm:
            for name, parameter, value, path in bad_calls(document):
                method = getattr(holm, name)
                with pytest.raises(ValueError, match=re.escape(message(parameter))):
                    await method(*path.values(), **required_keywords(method))

    recorder.received.clear()
    asyncio.run(run())
    assert recorder.received == []


def test_the_generated_endpoints_refuse_them_too(document: Dict[str, Any], recorder: RequestRecorder) -> None:
    recorder.received.clear()
    modules = endpoint_modules()
    client = Client(base_url=recorder.url)
    for name, parameter, value, path in bad_calls(document):
        endpoint = modules[name]
        # sync and asyncio only where there is an answer to parse (not for a 204).
        for function in (endpoint.sync_detailed, getattr(endpoint, "sync", endpoint.sync_detailed)):
            with pytest.raises(ValueError, match=re.escape(message(parameter))):
                function(**path, client=client, **required_keywords(function))
        with pytest.raises(ValueError, match=re.escape(message(parameter))):
            asyncio.run(endpoint.asyncio_detailed(**path, client=client, **required_keywords(endpoint.asyncio_detailed)))
    assert recorder.received == []


def test_is_holm_id_tells_beforehand() -> None:
    assert is_holm_id(ID)
    assert not any(is_holm_id(value) for value in [*BAD_IDS, None, 24, ID.encode()])


def test_a_holm_id_goes_through_to_the_listener(recorder: RequestRecorder) -> None:
    """The listener would have seen the refused calls: a valid id reaches it."""
    recorder.received.clear()
    with Holm(recorder.url, "secret-of-the-recorder") as holm:
        with pytest.raises(HolmError) as raised:
            holm.list_user_events(ID)
    assert raised.value.code == "NOT_FOUND"
    assert recorder.received == [f"GET /users/{ID}/events?limit=100"]
