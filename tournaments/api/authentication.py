"""Reading API tokens (`Authorization: Token <key>`): DRF's token scheme over
tournaments.tokens.ApiToken, which expire, die with a password change and carry a scope.

Apart from the views (DRF imports authentication classes while it sets its views up)."""

from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed, PermissionDenied

from tournaments.tokens import PLAYER, ApiToken


class ApiTokenAuthentication(TokenAuthentication):
    """`Authorization: Token <key>`. A player-scoped token is refused (403) on every endpoint
    that does not list the action in its view's `player_token_actions`, and the user it
    authenticates is marked so that role checks leave out the account's staff roles."""

    model = ApiToken

    def authenticate_credentials(self, key):
        token = ApiToken.objects.select_related("user").filter(key=key).first()
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        refusal = token.refusal()
        if refusal is not None:
            token.delete()
            raise AuthenticationFailed(
                f"{refusal} Make a new one on your account page or at /api/auth/token/."
            )
        token.user.api_token_scope = token.scope  # read by tournaments.permissions
        return token.user, token

    def authenticate(self, request):
        found = super().authenticate(request)
        if found is not None and found[1].scope == PLAYER:
            view = request.parser_context.get("view") if request.parser_context else None
            action = getattr(view, "action", None) or request.method.lower()
            if action not in getattr(view, "player_token_actions", ()):
                raise PermissionDenied(
                    "This token is limited to player actions; use a full-scope token for this."
                )
        return found
