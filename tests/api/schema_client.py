"""A test client that knows the API only through its OpenAPI schema.

Operations are found by operationId; the path, method, path and query parameters and the
request body must be what the schema declares, and every response must have a documented
status and a body that validates against the documented schema. Objects are validated
strictly (no undocumented fields), so the schema and the views cannot drift apart silently.
"""

import copy
import re
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker

METHODS = ("get", "post", "put", "patch", "delete")


class SchemaMismatch(AssertionError):
    pass


def _strict(schema: Any) -> Any:
    """OpenAPI 3.0 schema objects as JSON Schema 2020-12: `nullable` becomes a null option,
    and objects with declared properties refuse undeclared ones."""
    if isinstance(schema, list):
        return [_strict(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: _strict(value) for key, value in schema.items()}
    if converted.get("type") == "object" and "properties" in converted:
        converted.setdefault("additionalProperties", False)
    if converted.pop("nullable", False):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


@dataclass
class Answer:
    status: int
    data: Any
    operation: str

    def __repr__(self):
        return f"<{self.operation} {self.status}: {self.data!r}>"


class SchemaClient:
    def __init__(self, client, spec: dict):
        self.client = client
        self.spec = spec
        self.components = _strict(copy.deepcopy(spec.get("components", {})))
        self.operations: dict[str, tuple[str, str, dict]] = {}
        for path, item in spec["paths"].items():
            for method in METHODS:
                if method in item:
                    operation = item[method]
                    self.operations[operation["operationId"]] = (method, path, operation)

    def find(self, *, method: str, path_words: tuple[str, ...]) -> str:
        """The operationId whose path holds these literal words, e.g. ("events", "start")."""
        found = [
            op_id
            for op_id, (m, path, _) in self.operations.items()
            if m == method
            and tuple(part for part in path.strip("/").split("/") if not part.startswith("{"))
            == ("api", *path_words)
        ]
        if len(found) != 1:
            raise SchemaMismatch(f"{method} {path_words}: {found or 'no operation'}")
        return found[0]

    def _url(self, path: str, operation: dict, values: dict) -> str:
        declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
        wanted = set(re.findall(r"{(\w+)}", path))
        if declared != wanted or set(values) != wanted:
            raise SchemaMismatch(f"{path}: path parameters {sorted(values)} vs {sorted(wanted)}")
        return re.sub(r"{(\w+)}", lambda m: str(values[m.group(1)]), path)

    def _check_query(self, operation: dict, query: dict) -> None:
        declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        unknown = set(query) - declared
        if unknown:
            raise SchemaMismatch(f"{operation['operationId']}: undeclared query {unknown}")

    def validate(self, operation_id: str, status: int, data: Any, content_type: str) -> None:
        _, _, operation = self.operations[operation_id]
        documented = operation["responses"].get(str(status))
        if documented is None:
            raise SchemaMismatch(f"{operation_id} answered {status}, which is not documented")
        content = documented.get("content")
        if not content:
            if data not in (None, b"", ""):
                raise SchemaMismatch(f"{operation_id} {status}: a body where none is documented")
            return
        if not content_type.startswith("application/json"):
            raise SchemaMismatch(f"{operation_id} {status}: {content_type}, not JSON")
        schema = _strict(copy.deepcopy(content["application/json"]["schema"]))
        validator = Draft202012Validator(
            {**schema, "components": self.components}, format_checker=FormatChecker()
        )
        errors = sorted(validator.iter_errors(data), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].path)
            raise SchemaMismatch(
                f"{operation_id} {status}: {len(errors)} schema error(s), first at "
                f"{where or '(root)'}: {errors[0].message}"
            )

    def call(
        self,
        operation_id: str,
        *,
        path: dict | None = None,
        query: dict | None = None,
        body: Any = None,
        expect: int | None = None,
        raw_body: bytes | None = None,
    ) -> Answer:
        method, template, operation = self.operations[operation_id]
        url = self._url(template, operation, path or {})
        # A boolean is sent as OpenAPI writes it in a query ("true"), not as Python's "True".
        query = {k: str(v).lower() if isinstance(v, bool) else v for k, v in (query or {}).items()}
        self._check_query(operation, query)
        if body is not None and "requestBody" not in operation:
            raise SchemaMismatch(f"{operation_id} takes no request body")
        send = getattr(self.client, method)
        if raw_body is not None:
            response = send(url, data=raw_body, content_type="application/json")
        elif method == "get":
            response = send(url, query)
        else:
            if query:
                from urllib.parse import urlencode

                url = f"{url}?{urlencode(query)}"
            response = send(url, body if body is not None else {}, format="json")
        data = response.json() if response.content else None
        self.validate(operation_id, response.status_code, data, response.get("Content-Type", ""))
        answer = Answer(response.status_code, data, operation_id)
        if expect is not None and response.status_code != expect:
            raise AssertionError(f"expected {expect}, got {answer!r}")
        return answer
