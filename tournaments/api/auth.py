"""The token login: trade a username and password for an API token.

Tokens are tournaments.tokens.ApiToken: scoped, expiring, revoked by a password change (read
by tournaments.api.authentication). The token login goes through Django's authenticate(), so
django-axes counts its failures with the login page's (per account and per client address,
settings AUTH) and refuses both alike.
"""

from django.conf import settings
from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from config import api_fields
from config.api_errors import ApiError
from tournaments.tokens import ApiToken


class TokenApi(APIView):
    """An API token for your account (the one you have, while it works, or a new one). Send
    it as `Authorization: Token <key>`. `scope` "full" (the default) can do whatever your
    account can; "player" only what players do (your registrations, reporting and confirming
    results, the life tracker). A token expires `API_TOKEN_LIFETIME_DAYS` after it was made
    and stops working when your password changes. After too many wrong passwords for an
    account or from an address, logins are refused for a cool-off (429)."""

    permission_classes = [AllowAny]
    authentication_classes = []
    locks_out_logins = True  # documents the 429 (config/api_errors.py)

    class Credentials(serializers.Serializer):
        username = api_fields.CharField(max_length=150)
        password = api_fields.CharField(max_length=4096, trim_whitespace=False)
        scope = api_fields.ChoiceField(choices=ApiToken.Scope.choices, default=ApiToken.Scope.FULL)

    class TokenOut(serializers.Serializer):
        token = api_fields.CharField()
        username = api_fields.CharField()
        scope = api_fields.ChoiceField(choices=ApiToken.Scope.choices)
        expires = serializers.DateTimeField()

    def get_authenticate_header(self, request):
        return "Token"  # so wrong credentials answer 401, saying how to authenticate

    @extend_schema(request=Credentials, responses={200: TokenOut})
    def post(self, request):
        given = self.Credentials(data=request.data)
        given.is_valid(raise_exception=True)
        scope = given.validated_data.pop("scope")
        user = authenticate(request, **given.validated_data)
        if getattr(request, "axes_locked_out", False):
            minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
            error = ApiError(
                429,
                "locked_out",
                "Too many failed logins for this account or from this address: logins are "
                f"refused for {minutes} minutes.",
            )
            error.wait = settings.AXES_COOLOFF_TIME.total_seconds()  # sent as Retry-After
            raise error
        if user is None or not user.is_active:
            raise AuthenticationFailed("Wrong username or password.")
        token = ApiToken.working_or_new(user, scope)
        return Response(
            {
                "token": token.key,
                "username": user.get_username(),
                "scope": token.scope,
                "expires": token.expires,
            }
        )
