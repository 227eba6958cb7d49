"""The client's address, believing X-Forwarded-For only as far as the deployment's own proxies.

Each proxy appends the address it was reached from to X-Forwarded-For, so with
TRUSTED_PROXY_COUNT proxies in front of the app the entry that many places from the end is
the client's; anything before it is whatever the client chose to send (rotating it must not
give an attacker a fresh address for each guess). With no trusted proxy the connection's own
address is the client's. Used by the login throttling (settings AXES_CLIENT_IP_CALLABLE).
"""

import ipaddress

from django.conf import settings


def client_address(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    count = settings.TRUSTED_PROXY_COUNT
    if count <= 0:
        return remote
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [entry for entry in forwarded if entry]
    if len(forwarded) < count:
        # Fewer entries than proxies: the request did not come through all of them, so none
        # of its entries is a proxy's word.
        return remote
    candidate = forwarded[-count]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:  # a proxy wrote something else: count it against the proxy's address
        return remote
