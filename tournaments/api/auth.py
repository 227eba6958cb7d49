"""Token authentication: trade a username and password for the account's API token."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from config import api_fields


class LoginThrottle(AnonRateThrottle):
    rate = "20/minute"  # password guessing is slow; people and scripts are not held up


class TokenApi(APIView):
    """Your API token (created on first use). Send it as `Authorization: Token <key>`; it can
    do whatever your account can. The same token is shown on your account page."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [LoginThrottle]

    class Credentials(serializers.Serializer):
        username = api_fields.CharField(max_length=150)
        password = api_fields.CharField(max_length=4096, trim_whitespace=False)

    class TokenOut(serializers.Serializer):
        token = api_fields.CharField()
        username = api_fields.CharField()

    def get_authenticate_header(self, request):
        return "Token"  # so wrong credentials answer 401, saying how to authenticate

    @extend_schema(request=Credentials, responses={200: TokenOut})
    def post(self, request):
        given = self.Credentials(data=request.data)
        given.is_valid(raise_exception=True)
        user = authenticate(request, **given.validated_data)
        if user is None or not user.is_active:
            raise AuthenticationFailed("Wrong username or password.")
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key, "username": user.get_username()})
