"""The container health check: `python -m config.healthcheck [URL]` exits 0 when /healthz is 200.

It asks with a Host header the app accepts (the first of ALLOWED_HOSTS), since Django refuses
requests for any other host, and a probe of http://127.0.0.1:8000 would otherwise always fail.
"""

import os
import sys
import urllib.error
import urllib.request

DEFAULT_URL = "http://127.0.0.1:8000/healthz"


def probe_host(allowed_hosts: str) -> str | None:
    """A host name matching the first ALLOWED_HOSTS entry (".example.org" allows example.org)."""
    for entry in allowed_hosts.split(","):
        entry = entry.strip()
        if entry and entry != "*":
            return entry.lstrip(".")
    return None


def healthy(url: str = DEFAULT_URL, timeout: float = 5) -> bool:
    headers = {}
    host = probe_host(os.environ.get("ALLOWED_HOSTS", ""))
    if host:
        headers["Host"] = host
    try:
        request = urllib.request.Request(url, headers=headers)
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError) as error:
        print(f"unhealthy: {error}", file=sys.stderr)
        return False


if __name__ == "__main__":
    sys.exit(0 if healthy(*sys.argv[1:2]) else 1)
