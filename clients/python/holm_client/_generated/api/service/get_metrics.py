from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[str]:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Response[str]:
    r"""Prometheus metrics

     Needs the secret (`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting).
    Answers in the Prometheus text exposition format, version 0.0.4 (`Content-Type: text/plain;
    version=0.0.4`), also while the database is down. Label values are route patterns, never paths, so
    no id becomes a label.

    | Metric | What it counts or measures |
    |---|---|
    | `holm_http_requests_total{route,method,status,error}` | Requests answered, by route pattern,
    method, status and error code (`\"\"` on success). A request whose client closed the connection
    before Holm could answer is counted with `status=\"499\"` and `error=\"CLIENT_CLOSED\"` (never sent
    to anyone; see [security.md](security.md#clients-that-disconnect)). |
    | `holm_http_request_duration_seconds{route,method}` | Histogram: time from a request's arrival to
    its answer. Under load an answer may then wait for the rest of its turn of the event loop before it
    is sent (well under a millisecond; docs/decisions.md, \"Answers leave together under load\"); that
    wait is not in it. |
    | `holm_rate_limit_refusals_total{limit}` | `TOO_MANY_REQUESTS` answers, by the limit that refused
    (`incorrect_passwords_address`, …). |
    | `holm_leak_checks_total{result}` | Leak checks of new passwords: `weak`, `passed`, or
    `online_failure` (the range API could not answer, with `--leak-fail open` or `closed`). Nothing is
    counted with `--leak-check off`. |
    | `holm_client_ip_not_an_address_total` | Requests whose `client_ip` was no IP address even without
    a port, a zone and surrounding whitespace; each was limited by its string as sent
    ([limits.md](limits.md#client_ip)). |
    | `holm_password_hashing_rejected_total` | Argon2id work refused with `503 UNAVAILABLE` because it
    could not start within 5 seconds. |
    | `holm_password_hashing_running` | Argon2id hashes and verifications running now. |
    | `holm_password_hashing_waiting` | Argon2id hashes and verifications waiting for a free core. |
    | `holm_password_hashing_duration_seconds{operation}` | Histogram: time argon2id work ran, without
    its wait, by operation (`hash`, `verify`). |
    | `holm_password_hashing_wait_seconds` | Histogram: time argon2id work waited for a free core. |
    | `holm_password_hash_upgrades_total{form}` | Imported password hashes replaced by an argon2id hash
    after a correct password, by the form they were in (`bcrypt`, `django_pbkdf2_sha256`,
    `firebase_scrypt`, …; see [import.md](import.md#password-hash-forms)). |
    | `holm_database_size_bytes` | Bytes the database takes (SQLite: the main file's pages; PostgreSQL:
    `pg_database_size`); the last size known while the database cannot say. |
    | `holm_process_resident_memory_bytes` | Resident memory of the process. |
    | `holm_process_heap_used_bytes` | JavaScript heap in use. |
    | `holm_build_info{version,bun_version,database}` | Always 1; the labels say which Holm runs: its
    version, the Bun version, and the database (`sqlite` or `postgres`). |
    | `holm_limit_count{limit}`, `holm_limit_window_seconds{limit}` | The limits in force, named as in
    `--limit` (see [limits.md](limits.md#changing-a-limit)); `code-attempts` has no window. |
    | `process_cpu_seconds_total` | The standard series: user and system CPU time of the process, in
    seconds. |
    | `process_start_time_seconds` | The standard series: when the process started, in seconds since the
    Unix epoch. |

    ```yaml
    # prometheus.yml
    scrape_configs:
      - job_name: holm
        authorization:
          credentials_file: /etc/prometheus/holm-secret
        static_configs:
          - targets: [\"127.0.0.1:4000\"]
    ```

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Optional[str]:
    r"""Prometheus metrics

     Needs the secret (`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting).
    Answers in the Prometheus text exposition format, version 0.0.4 (`Content-Type: text/plain;
    version=0.0.4`), also while the database is down. Label values are route patterns, never paths, so
    no id becomes a label.

    | Metric | What it counts or measures |
    |---|---|
    | `holm_http_requests_total{route,method,status,error}` | Requests answered, by route pattern,
    method, status and error code (`\"\"` on success). A request whose client closed the connection
    before Holm could answer is counted with `status=\"499\"` and `error=\"CLIENT_CLOSED\"` (never sent
    to anyone; see [security.md](security.md#clients-that-disconnect)). |
    | `holm_http_request_duration_seconds{route,method}` | Histogram: time from a request's arrival to
    its answer. Under load an answer may then wait for the rest of its turn of the event loop before it
    is sent (well under a millisecond; docs/decisions.md, \"Answers leave together under load\"); that
    wait is not in it. |
    | `holm_rate_limit_refusals_total{limit}` | `TOO_MANY_REQUESTS` answers, by the limit that refused
    (`incorrect_passwords_address`, …). |
    | `holm_leak_checks_total{result}` | Leak checks of new passwords: `weak`, `passed`, or
    `online_failure` (the range API could not answer, with `--leak-fail open` or `closed`). Nothing is
    counted with `--leak-check off`. |
    | `holm_client_ip_not_an_address_total` | Requests whose `client_ip` was no IP address even without
    a port, a zone and surrounding whitespace; each was limited by its string as sent
    ([limits.md](limits.md#client_ip)). |
    | `holm_password_hashing_rejected_total` | Argon2id work refused with `503 UNAVAILABLE` because it
    could not start within 5 seconds. |
    | `holm_password_hashing_running` | Argon2id hashes and verifications running now. |
    | `holm_password_hashing_waiting` | Argon2id hashes and verifications waiting for a free core. |
    | `holm_password_hashing_duration_seconds{operation}` | Histogram: time argon2id work ran, without
    its wait, by operation (`hash`, `verify`). |
    | `holm_password_hashing_wait_seconds` | Histogram: time argon2id work waited for a free core. |
    | `holm_password_hash_upgrades_total{form}` | Imported password hashes replaced by an argon2id hash
    after a correct password, by the form they were in (`bcrypt`, `django_pbkdf2_sha256`,
    `firebase_scrypt`, …; see [import.md](import.md#password-hash-forms)). |
    | `holm_database_size_bytes` | Bytes the database takes (SQLite: the main file's pages; PostgreSQL:
    `pg_database_size`); the last size known while the database cannot say. |
    | `holm_process_resident_memory_bytes` | Resident memory of the process. |
    | `holm_process_heap_used_bytes` | JavaScript heap in use. |
    | `holm_build_info{version,bun_version,database}` | Always 1; the labels say which Holm runs: its
    version, the Bun version, and the database (`sqlite` or `postgres`). |
    | `holm_limit_count{limit}`, `holm_limit_window_seconds{limit}` | The limits in force, named as in
    `--limit` (see [limits.md](limits.md#changing-a-limit)); `code-attempts` has no window. |
    | `process_cpu_seconds_total` | The standard series: user and system CPU time of the process, in
    seconds. |
    | `process_start_time_seconds` | The standard series: when the process started, in seconds since the
    Unix epoch. |

    ```yaml
    # prometheus.yml
    scrape_configs:
      - job_name: holm
        authorization:
          credentials_file: /etc/prometheus/holm-secret
        static_configs:
          - targets: [\"127.0.0.1:4000\"]
    ```

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Response[str]:
    r"""Prometheus metrics

     Needs the secret (`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting).
    Answers in the Prometheus text exposition format, version 0.0.4 (`Content-Type: text/plain;
    version=0.0.4`), also while the database is down. Label values are route patterns, never paths, so
    no id becomes a label.

    | Metric | What it counts or measures |
    |---|---|
    | `holm_http_requests_total{route,method,status,error}` | Requests answered, by route pattern,
    method, status and error code (`\"\"` on success). A request whose client closed the connection
    before Holm could answer is counted with `status=\"499\"` and `error=\"CLIENT_CLOSED\"` (never sent
    to anyone; see [security.md](security.md#clients-that-disconnect)). |
    | `holm_http_request_duration_seconds{route,method}` | Histogram: time from a request's arrival to
    its answer. Under load an answer may then wait for the rest of its turn of the event loop before it
    is sent (well under a millisecond; docs/decisions.md, \"Answers leave together under load\"); that
    wait is not in it. |
    | `holm_rate_limit_refusals_total{limit}` | `TOO_MANY_REQUESTS` answers, by the limit that refused
    (`incorrect_passwords_address`, …). |
    | `holm_leak_checks_total{result}` | Leak checks of new passwords: `weak`, `passed`, or
    `online_failure` (the range API could not answer, with `--leak-fail open` or `closed`). Nothing is
    counted with `--leak-check off`. |
    | `holm_client_ip_not_an_address_total` | Requests whose `client_ip` was no IP address even without
    a port, a zone and surrounding whitespace; each was limited by its string as sent
    ([limits.md](limits.md#client_ip)). |
    | `holm_password_hashing_rejected_total` | Argon2id work refused with `503 UNAVAILABLE` because it
    could not start within 5 seconds. |
    | `holm_password_hashing_running` | Argon2id hashes and verifications running now. |
    | `holm_password_hashing_waiting` | Argon2id hashes and verifications waiting for a free core. |
    | `holm_password_hashing_duration_seconds{operation}` | Histogram: time argon2id work ran, without
    its wait, by operation (`hash`, `verify`). |
    | `holm_password_hashing_wait_seconds` | Histogram: time argon2id work waited for a free core. |
    | `holm_password_hash_upgrades_total{form}` | Imported password hashes replaced by an argon2id hash
    after a correct password, by the form they were in (`bcrypt`, `django_pbkdf2_sha256`,
    `firebase_scrypt`, …; see [import.md](import.md#password-hash-forms)). |
    | `holm_database_size_bytes` | Bytes the database takes (SQLite: the main file's pages; PostgreSQL:
    `pg_database_size`); the last size known while the database cannot say. |
    | `holm_process_resident_memory_bytes` | Resident memory of the process. |
    | `holm_process_heap_used_bytes` | JavaScript heap in use. |
    | `holm_build_info{version,bun_version,database}` | Always 1; the labels say which Holm runs: its
    version, the Bun version, and the database (`sqlite` or `postgres`). |
    | `holm_limit_count{limit}`, `holm_limit_window_seconds{limit}` | The limits in force, named as in
    `--limit` (see [limits.md](limits.md#changing-a-limit)); `code-attempts` has no window. |
    | `process_cpu_seconds_total` | The standard series: user and system CPU time of the process, in
    seconds. |
    | `process_start_time_seconds` | The standard series: when the process started, in seconds since the
    Unix epoch. |

    ```yaml
    # prometheus.yml
    scrape_configs:
      - job_name: holm
        authorization:
          credentials_file: /etc/prometheus/holm-secret
        static_configs:
          - targets: [\"127.0.0.1:4000\"]
    ```

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Optional[str]:
    r"""Prometheus metrics

     Needs the secret (`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting).
    Answers in the Prometheus text exposition format, version 0.0.4 (`Content-Type: text/plain;
    version=0.0.4`), also while the database is down. Label values are route patterns, never paths, so
    no id becomes a label.

    | Metric | What it counts or measures |
    |---|---|
    | `holm_http_requests_total{route,method,status,error}` | Requests answered, by route pattern,
    method, status and error code (`\"\"` on success). A request whose client closed the connection
    before Holm could answer is counted with `status=\"499\"` and `error=\"CLIENT_CLOSED\"` (never sent
    to anyone; see [security.md](security.md#clients-that-disconnect)). |
    | `holm_http_request_duration_seconds{route,method}` | Histogram: time from a request's arrival to
    its answer. Under load an answer may then wait for the rest of its turn of the event loop before it
    is sent (well under a millisecond; docs/decisions.md, \"Answers leave together under load\"); that
    wait is not in it. |
    | `holm_rate_limit_refusals_total{limit}` | `TOO_MANY_REQUESTS` answers, by the limit that refused
    (`incorrect_passwords_address`, …). |
    | `holm_leak_checks_total{result}` | Leak checks of new passwords: `weak`, `passed`, or
    `online_failure` (the range API could not answer, with `--leak-fail open` or `closed`). Nothing is
    counted with `--leak-check off`. |
    | `holm_client_ip_not_an_address_total` | Requests whose `client_ip` was no IP address even without
    a port, a zone and surrounding whitespace; each was limited by its string as sent
    ([limits.md](limits.md#client_ip)). |
    | `holm_password_hashing_rejected_total` | Argon2id work refused with `503 UNAVAILABLE` because it
    could not start within 5 seconds. |
    | `holm_password_hashing_running` | Argon2id hashes and verifications running now. |
    | `holm_password_hashing_waiting` | Argon2id hashes and verifications waiting for a free core. |
    | `holm_password_hashing_duration_seconds{operation}` | Histogram: time argon2id work ran, without
    its wait, by operation (`hash`, `verify`). |
    | `holm_password_hashing_wait_seconds` | Histogram: time argon2id work waited for a free core. |
    | `holm_password_hash_upgrades_total{form}` | Imported password hashes replaced by an argon2id hash
    after a correct password, by the form they were in (`bcrypt`, `django_pbkdf2_sha256`,
    `firebase_scrypt`, …; see [import.md](import.md#password-hash-forms)). |
    | `holm_database_size_bytes` | Bytes the database takes (SQLite: the main file's pages; PostgreSQL:
    `pg_database_size`); the last size known while the database cannot say. |
    | `holm_process_resident_memory_bytes` | Resident memory of the process. |
    | `holm_process_heap_used_bytes` | JavaScript heap in use. |
    | `holm_build_info{version,bun_version,database}` | Always 1; the labels say which Holm runs: its
    version, the Bun version, and the database (`sqlite` or `postgres`). |
    | `holm_limit_count{limit}`, `holm_limit_window_seconds{limit}` | The limits in force, named as in
    `--limit` (see [limits.md](limits.md#changing-a-limit)); `code-attempts` has no window. |
    | `process_cpu_seconds_total` | The standard series: user and system CPU time of the process, in
    seconds. |
    | `process_start_time_seconds` | The standard series: when the process started, in seconds since the
    Unix epoch. |

    ```yaml
    # prometheus.yml
    scrape_configs:
      - job_name: holm
        authorization:
          credentials_file: /etc/prometheus/holm-secret
        static_configs:
          - targets: [\"127.0.0.1:4000\"]
    ```

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
