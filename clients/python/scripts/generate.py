"""Regenerates holm_client's generated parts from Holm's OpenAPI document.

Run by `npm run client:python` (clients/python/scripts/generate.ts), which writes the document
and calls this file with the Python that has openapi-python-client:

    python generate.py --document openapi.json --output DIR

It writes DIR/holm_client/_generated/ (openapi-python-client's package: httpx and attrs, never
edited by hand) and DIR/holm_client/_operations.py (the facade's methods: one per operation,
named after its operationId in snake_case). Both are committed; adding an operation to Holm
needs this command and nothing else.

The generator reads a copy of the document with two changes, so that the client stays small and
keeps working against a newer Holm:
- error answers are dropped: the facade turns every one into HolmError from its status and
  `{"error": CODE}` body, so the generator's ~600 per-operation error models would add nothing;
- `enum` lists are dropped: an event type or code that a newer Holm adds stays a plain string
  instead of failing to parse.

After the generator, one step changes its code: each endpoint module puts its path parameters into
the URL through holm_client._path.path_segment, which refuses a value that is not a Holm id
(`..`, `/`, ...) and escapes the rest, so that direct use of the generated modules is covered as
well as the facade.

Exit status 3 means the generator is missing here (the drift test then checks the committed
client's methods against the document instead).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import keyword
import json
import pkgutil
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

# 0.26 is the last release whose generated clients run on Python 3.9.
GENERATOR_SERIES = "0.26."

PAGINATION_HEADER = "X-Pagination-Total"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--document", required=True, type=Path, help="Holm's OpenAPI document (JSON)")
    parser.add_argument("--output", required=True, type=Path, help="the folder that holds holm_client/")
    args = parser.parse_args()

    generator_version = installed_generator_version()
    if generator_version is None:
        print(
            f"openapi-python-client {GENERATOR_SERIES}x is not importable by {sys.executable}: "
            "install it (pip install 'openapi-python-client>=0.26,<0.27') or put a checkout of its "
            "v0.26.2 tag on PYTHONPATH (docs/python.md)",
            file=sys.stderr,
        )
        return 3
    if not generator_version.startswith(GENERATOR_SERIES):
        print(
            f"openapi-python-client {generator_version} found; this client needs {GENERATOR_SERIES}x "
            "(later releases generate code that needs Python 3.10)",
            file=sys.stderr,
        )
        return 3

    document = json.loads(args.document.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="holm-python-client-") as scratch_name:
        scratch = Path(scratch_name)
        generated = scratch / "_generated"
        run_generator(generator_input(document), scratch, generated)
        operations = scratch / "_operations.py"
        operations.write_text(render_operations(document, generated), encoding="utf-8")
        insert_path_checks(document, generated)
        subprocess.run([ruff(), "format", "--isolated", "--no-cache", "--target-version", "py39", "--quiet", str(operations)], check=True)

        package = args.output / "holm_client"
        package.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(package / "_generated", ignore_errors=True)
        shutil.copytree(generated, package / "_generated", ignore=shutil.ignore_patterns("__pycache__", ".ruff_cache"))
        shutil.copyfile(operations, package / "_operations.py")
    print(f"wrote {package / '_generated'} and {package / '_operations.py'} (openapi-python-client {generator_version})")
    return 0


def installed_generator_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("openapi-python-client")
    except PackageNotFoundError:
        return None


def generator_input(document: dict[str, Any]) -> dict[str, Any]:
    """The copy of the document the generator reads: no error answers, no enum lists."""
    copy = json.loads(json.dumps(document))
    for operations in copy["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"] = {status: answer for status, answer in operation["responses"].items() if status.startswith("2")}
    copy["components"].pop("responses", None)
    return without_enums(copy)


def without_enums(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: without_enums(item) for key, item in value.items() if key != "enum"}
    if isinstance(value, list):
        return [without_enums(item) for item in value]
    return value


def ruff() -> str:
    try:
        from ruff.__main__ import find_ruff_bin

        return str(find_ruff_bin())
    except ImportError:
        found = shutil.which("ruff")
        if found is None:
            raise SystemExit("ruff (a dependency of openapi-python-client) is not installed") from None
        return found


def ruff_hooks() -> list[str]:
    """Sort the imports and format, run in the generated package. They pin Python 3.9 as the
    target, so that no later syntax creeps into the code."""
    return [
        f"{ruff()} check . --isolated --no-cache --target-version py39 --extend-select I --fix-only --quiet",
        f"{ruff()} format . --isolated --no-cache --target-version py39 --quiet",
    ]


def run_generator(document: dict[str, Any], scratch: Path, output: Path) -> None:
    document_path = scratch / "openapi.json"
    document_path.write_text(json.dumps(document), encoding="utf-8")
    config = scratch / "config.json"
    config.write_text(json.dumps({"package_name_override": "_generated", "post_hooks": ruff_hooks()}), encoding="utf-8")
    command = [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(document_path), "--meta", "none"]
    command += ["--config", str(config), "--output-path", str(output), "--fail-on-warning"]
    result = subprocess.run(command, cwd=scratch, capture_output=True, text=True)
    if result.returncode != 0 or not output.is_dir():
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit("openapi-python-client failed")


URL_LINE = re.compile(r'^(\s*"url": f")([^"]*)(",?)$', re.MULTILINE)
PATH_IMPORT = "from ...._path import path_segment\n"


def insert_path_checks(document: dict[str, Any], generated: Path) -> None:
    """Rewrites every endpoint module's `f"/users/{user_id}"` as
    `f"/users/{path_segment('user_id', user_id)}"`, importing path_segment from holm_client._path
    (which is why this comes after render_operations has imported the package on its own)."""
    rewritten = 0
    for module in sorted((generated / "api").glob("*/*.py")):
        text = module.read_text(encoding="utf-8")
        urls = URL_LINE.findall(text)
        if not any("{" in url for _, url, _ in urls):
            continue
        checked = URL_LINE.sub(lambda m: m[1] + re.sub(r"\{(\w+)\}", r"{path_segment('\1', \1)}", m[2]) + m[3], text)
        module.write_text(PATH_IMPORT + checked, encoding="utf-8")
        rewritten += 1
    expected = sum(
        1
        for path, item in document["paths"].items()
        if "{" in path
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    )
    if rewritten != expected:
        raise SystemExit(f"{rewritten} generated modules put path parameters into a URL, the document has {expected}: the generator's URL template changed")
    for hook in ruff_hooks():
        subprocess.run(hook, cwd=generated, shell=True, check=True)


def argument_name(wire: str) -> str:
    """The wire's name, or with a trailing underscore where it is a Python keyword (`except` →
    `except_`), as PEP 8 and the generator itself name them."""
    return f"{wire}_" if keyword.iskeyword(wire) else wire


def snake(operation_id: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", operation_id).lower()


def squashed(name: str) -> str:
    return name.replace("_", "").lower()


def generated_modules(generated: Path) -> dict[str, str]:
    """Every endpoint module of the generated package: squashed operation name → dotted path."""
    modules: dict[str, str] = {}
    for tag in sorted(p for p in (generated / "api").iterdir() if p.is_dir() and p.name != "__pycache__"):
        for module in pkgutil.iter_modules([str(tag)]):
            modules[squashed(module.name)] = f"{tag.name}.{module.name}"
    return modules


def load_generated(generated: Path) -> Any:
    sys.path.insert(0, str(generated.parent))
    try:
        return importlib.import_module(generated.name)
    finally:
        sys.path.pop(0)


def resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        *_, section, name = schema["$ref"].split("/")
        schema = document["components"][section][name]
    return schema


def python_type(document: dict[str, Any], schema: dict[str, Any]) -> str:
    schema = resolve(document, schema)
    options = schema.get("anyOf") or schema.get("oneOf")
    kinds = schema.get("type")
    if options is not None:
        kinds = [resolve(document, option).get("type") for option in options]
    if isinstance(kinds, list):
        rest = [kind for kind in kinds if kind != "null"]
        inner = python_type(document, {"type": rest[0]}) if len(rest) == 1 and isinstance(rest[0], str) else "Any"
        if len(rest) == 1 and options is not None:
            inner = python_type(document, next(o for o in options if resolve(document, o).get("type") != "null"))
        return f"Optional[{inner}]" if "null" in kinds else inner
    return {
        "string": "str",
        "integer": "int",
        "number": "float",
        "boolean": "bool",
        "array": "Sequence[Any]",
        "object": "Mapping[str, Any]",
    }.get(kinds, "Any")


def answer_of(document: dict[str, Any], operation: dict[str, Any], models: Any) -> tuple[str, bool]:
    """The return annotation of a success, and whether it is a page (pagination headers)."""
    for status in ("200", "201"):
        answer = operation["responses"].get(status)
        if answer is None:
            continue
        answer = resolve(document, answer)
        paginated = PAGINATION_HEADER in answer.get("headers", {})
        content = answer.get("content", {})
        if "application/json" not in content:
            return "str", False
        schema = content["application/json"]["schema"]
        if paginated:
            return "UserPage", True
        if schema.get("type") == "array":
            return f"list[models.{model_name(schema['items'], models)}]", False
        return f"models.{model_name(schema, models)}", False
    return "None", False


def model_name(schema: dict[str, Any], models: Any) -> str:
    if "$ref" not in schema:
        raise SystemExit(f"an answer without a named schema: {json.dumps(schema)[:200]}")
    name = schema["$ref"].split("/")[-1]
    if not hasattr(models, name):
        raise SystemExit(f"the generator made no model named {name}")
    return name


def error_codes(document: dict[str, Any], operation: dict[str, Any]) -> list[str]:
    codes: list[str] = []
    for status, answer in sorted(operation["responses"].items()):
        if status.startswith("2"):
            continue
        schema = resolve(document, answer).get("content", {}).get("application/json", {}).get("schema", {})
        for code in resolve(document, schema).get("properties", {}).get("error", {}).get("enum", []):
            if code not in codes:
                codes.append(code)
    return codes


def parameters_of(document: dict[str, Any], path_item: dict[str, Any], operation: dict[str, Any]) -> list[dict[str, Any]]:
    return [resolve(document, parameter) for parameter in path_item.get("parameters", []) + operation.get("parameters", [])]


def render_operations(document: dict[str, Any], generated: Path) -> str:
    package = load_generated(generated)
    models = importlib.import_module(f"{package.__name__}.models")
    modules = generated_modules(generated)
    imports: list[str] = []
    methods: list[tuple[str, str, str]] = []
    for path, path_item in document["paths"].items():
        for method, operation in path_item.items():
            if not isinstance(operation, dict) or "operationId" not in operation:
                continue
            name = snake(operation["operationId"])
            dotted = modules.get(squashed(operation["operationId"]))
            if dotted is None:
                raise SystemExit(f"the generator made no module for {operation['operationId']}")
            alias = f"_{name}"
            imports.append(f"from ._generated.api.{dotted.rsplit('.', 1)[0]} import {dotted.rsplit('.', 1)[1]} as {alias}")
            endpoint = importlib.import_module(f"{package.__name__}.api.{dotted}")
            signature = inspect.signature(endpoint.sync_detailed).parameters
            methods.append(render_method(document, path, method, path_item, operation, name, alias, signature, models))

    header = [
        '"""The facade\'s methods, one per operation of Holm\'s API.',
        "",
        "Generated by `npm run client:python` (clients/python/scripts/generate.py) from Holm's OpenAPI",
        'document; do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, Mapping, Optional, Sequence",
        "",
        "from ._call import Call",
        "from ._generated import models",
        *sorted(imports),
        "from ._page import UserPage",
        "",
        "",
    ]
    sync_class = ["class Operations:", '    """Every operation, answering at once."""', "", "    _send: Any", ""]
    async_class = ["class AsyncOperations:", '    """Every operation, as a coroutine."""', "", "    _send: Any", ""]
    for sync_text, async_text, _ in methods:
        sync_class.append(sync_text)
        async_class.append(async_text)
    return "\n".join(header + sync_class + ["", ""] + async_class) + "\n"


def render_method(
    document: dict[str, Any],
    path: str,
    http_method: str,
    path_item: dict[str, Any],
    operation: dict[str, Any],
    name: str,
    alias: str,
    generated_parameters: Any,
    models: Any,
) -> tuple[str, str, str]:
    parameters = parameters_of(document, path_item, operation)
    path_names = re.findall(r"\{([^}]+)\}", path)
    query = [p for p in parameters if p["in"] == "query"]
    body_schema = None
    body_model = "None"
    if "requestBody" in operation:
        body_ref = operation["requestBody"]["content"]["application/json"]["schema"]
        body_model = f"models.{model_name(body_ref, models)}"
        body_schema = resolve(document, body_ref)

    required: list[str] = [f"{p}: str" for p in path_names]
    keywords_required: list[str] = []
    keywords_optional: list[str] = []
    body_items: list[str] = []
    if body_schema is not None:
        needed = set(body_schema.get("required", []))
        for field, schema in body_schema.get("properties", {}).items():
            annotation = python_type(document, schema)
            argument = argument_name(field)
            if field in needed:
                keywords_required.append(f"{argument}: {annotation}")
            else:
                if not annotation.startswith("Optional["):
                    annotation = f"Optional[{annotation}]"
                keywords_optional.append(f"{argument}: {annotation} = None")
            body_items.append(f'"{field}": {argument}')
    query_items: list[str] = []
    by_squashed = {squashed(p): p for p in generated_parameters}
    for parameter in query:
        wire = parameter["name"]
        generated_name = by_squashed.get(squashed(wire))
        if generated_name is None:
            raise SystemExit(f"{operation['operationId']}: the generator has no parameter for {wire}")
        annotation = python_type(document, parameter.get("schema", {}))
        if annotation == "Sequence[Any]":
            annotation = "Sequence[str]"
        argument = argument_name(wire)
        keywords_optional.append(f"{argument}: Optional[{annotation}] = None")
        query_items.append(f'"{generated_name}": {argument}')

    arguments = ["self", *required]
    if keywords_required or keywords_optional:
        arguments += ["*", *keywords_required, *keywords_optional]
    answer, paginated = answer_of(document, operation, models)

    lines = [operation.get("summary", name).rstrip(".") + f" ({http_method.upper()} {path})."]
    codes = error_codes(document, operation)
    if codes:
        lines += ["", "Raises HolmError: " + ", ".join(codes) + "."]
    docstring = "\n        ".join(lines)
    parts = [alias]
    if path_names:
        path_items = [f'"{p}": {p}' for p in path_names]
        parts.append(f"path={{{', '.join(path_items)}}}")
    if body_schema is not None:
        parts += [f"body={{{', '.join(body_items)}}}", f"body_model={body_model}"]
    if query_items:
        parts.append(f"query={{{', '.join(query_items)}}}")
    if paginated:
        parts.append("paginated=True")
    call = f"self._send(Call({', '.join(parts)}))"
    signature = f"{name}({', '.join(arguments)}) -> {answer}:"
    sync_text = f'    def {signature}\n        """{docstring}"""\n        return {call}\n'
    async_text = f'    async def {signature}\n        """{docstring}"""\n        return await {call}\n'
    return sync_text, async_text, name


if __name__ == "__main__":
    sys.exit(main())
