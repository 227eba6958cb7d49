"""API tokens. Each belongs to one account and has a scope; it stops working when it expires
(settings.API_TOKEN_LIFETIME after it was made) or as soon as the account's password changes,
whichever way it was changed (the form, the admin, `manage.py changepassword`, code).

Scopes: "full" does whatever the account can. "player" does only what players do through the
API (their registration, reporting and confirming results, the life tracker and the table):
the endpoints a player token may use say so (`player_token_actions`, checked when the token is
read: tournaments.api.authentication), and even there the account's organiser, judge and
administrator roles are out of its reach (tournaments.permissions.staff_roles_in_reach).
"""

import secrets

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare

FULL = "full"
PLAYER = "player"


class ApiToken(models.Model):
    class Scope(models.TextChoices):
        FULL = FULL, "Full: everything your account can do"
        PLAYER = PLAYER, "Player: your registrations, results and life totals only"

    # Not the primary key, so that it appears in no URL (the admin's, for one).
    key = models.CharField(max_length=40, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    scope = models.CharField(max_length=10, choices=Scope.choices, default=Scope.FULL)
    created = models.DateTimeField(default=timezone.now)
    # A digest of the account's password hash when the token was made (Django's session auth
    # hash, which is how a password change logs out sessions too): any new password makes the
    # token stale, with no need to catch every way a password can be changed.
    password_digest = models.CharField(max_length=128)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "scope"], name="one_api_token_per_scope")
        ]

    def __str__(self):
        return f"{self.user} ({self.scope}, until {self.expires:%Y-%m-%d})"

    @property
    def expires(self):
        # Read from the setting each time, so shortening the lifetime applies to every token.
        return self.created + settings.API_TOKEN_LIFETIME

    def refusal(self) -> str | None:
        """Why this token no longer works, or None while it does."""
        if not self.user.is_active:
            return "The token's account is inactive."
        if timezone.now() >= self.expires:
            return "The token has expired."
        if not constant_time_compare(self.password_digest, self.user.get_session_auth_hash()):
            return "The token was revoked when the account's password changed."
        return None

    @classmethod
    def issue(cls, user, scope: str = FULL) -> "ApiToken":
        """A new token for the account and scope; the one it replaces stops working."""
        with transaction.atomic():
            cls.objects.filter(user=user, scope=scope).delete()
            return cls.objects.create(
                key=secrets.token_hex(20),
                user=user,
                scope=scope,
                password_digest=user.get_session_auth_hash(),
            )

    @classmethod
    def working(cls, user, scope: str = FULL) -> "ApiToken | None":
        """The account's token of this scope if it still works (a dead one is deleted)."""
        token = cls.objects.filter(user=user, scope=scope).select_related("user").first()
        if token is not None and token.refusal() is not None:
            token.delete()
            return None
        return token

    @classmethod
    def working_or_new(cls, user, scope: str = FULL) -> "ApiToken":
        token = cls.working(user, scope)
        if token is not None:
            return token
        try:
            return cls.issue(user, scope)
        except IntegrityError:  # a simultaneous login made it first: use that one
            return cls.objects.get(user=user, scope=scope)
