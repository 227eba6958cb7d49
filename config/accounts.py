"""Accounts: sign up, and a page with your events (as a player and as staff) and API token.

Roles are per event (tournaments.permissions): any account can register for an event as a
player, create an event and so be its organiser, or judge an event whose organiser invited
them, once they accept the invitation here.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import authenticate, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.contrib.auth.views import PasswordChangeView
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import ApiToken, Event, JudgeInvitation, Registration
from tournaments.player_views import profile_player
from tournaments.selectors import judge_invitations_for


def locked_out(request, original_response=None, credentials=None):
    """The answer to a login refused by django-axes (settings AUTH): the login form again,
    with the username kept and a message saying why and for how long, 429 with Retry-After."""
    cool_off = settings.AXES_COOLOFF_TIME
    minutes = int(cool_off.total_seconds() // 60)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    response = render(
        request,
        "registration/login.html",
        {
            "form": form,
            "next": _next_url(request) or "",
            "locked_out": (
                "Too many failed logins for this account or from your address: logins are "
                f"refused for {minutes} minutes. Wait, then try again."
            ),
        },
        status=429,
    )
    response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response


def _next_url(request) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


def signup(request):
    if request.user.is_authenticated:
        return redirect(_next_url(request) or "profile")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.get_username()}: your account is ready.")
        return redirect(_next_url(request) or "profile")
    return render(
        request, "registration/signup.html", {"form": form, "next": _next_url(request) or ""}
    )


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Django's form, with the old password checked by authenticate(): django-axes counts a
    wrong one with the logins' failures, so the form is no unthrottled way to guess a
    password, and refuses it, as it refuses logins, while the account or address is locked."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        username = self.user.get_username()
        if authenticate(self.request, username=username, password=old_password) is None:
            raise ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old_password


class ThrottledPasswordChangeView(PasswordChangeView):
    form_class = ThrottledPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


@login_required
def profile(request):
    user = request.user
    playing = (
        Registration.objects.filter(player__user=user)
        .select_related("event", "event__format")
        .order_by("-event__date")
    )
    staffing = Event.objects.filter(Q(organiser=user) | Q(judges=user)).distinct().order_by("-date")
    return render(
        request,
        "registration/profile.html",
        {
            "playing": playing,
            "staffing": staffing,
            "invitations": judge_invitations_for(user),
            # One slot per scope: the token that still works, or None.
            "tokens": [
                (scope, label, ApiToken.working(user, scope))
                for scope, label in ApiToken.Scope.choices
            ],
            "token_lifetime_days": settings.API_TOKEN_LIFETIME.days,
        },
    )


@login_required
@require_POST
def token(request):
    """Create (or replace) the API token of a scope; "revoke" deletes it."""
    scope = request.POST.get("scope", ApiToken.Scope.FULL)
    if scope not in ApiToken.Scope.values:
        messages.error(request, f"{scope!r} is not a token scope; nothing was changed.")
        return redirect("profile")
    label = ApiToken.Scope(scope).label.split(":")[0].lower()
    if request.POST.get("action") == "revoke":
        ApiToken.objects.filter(user=request.user, scope=scope).delete()
        messages.success(request, f"Your {label} API token is revoked.")
    else:
        ApiToken.issue(request.user, scope)
        messages.success(
            request, f"A new {label} API token is ready; the one it replaces no longer works."
        )
    return redirect("profile")


@login_required
@require_POST
def judge_invitation_answer(request, invitation_id: int):
    """Accept or decline an invitation to judge; only the account it is addressed to can."""
    invitation = JudgeInvitation.objects.filter(pk=invitation_id).first()
    answer = request.POST.get("answer")
    if answer not in ("accept", "decline"):
        messages.error(request, "Answer an invitation with Accept or Decline.")
        return redirect("profile")
    try:
        if invitation is None:
            raise services.EventError(
                "This invitation was withdrawn or already answered.", code="gone"
            )
        if answer == "accept":
            event = services.judge_invitation_accept(invitation=invitation, user=request.user)
            messages.success(request, f"You are now a judge of {event}.")
        else:
            services.judge_invitation_decline(invitation=invitation, user=request.user)
            messages.success(request, f"You declined to judge {invitation.event}.")
    except services.EventError as error:
        messages.error(request, str(error))
    return redirect("profile")


urlpatterns = [
    # In place of django.contrib.auth's (config/urls.py leaves that one out).
    path("password_change/", ThrottledPasswordChangeView.as_view(), name="password_change"),
    path("signup/", signup, name="signup"),
    path("profile/", profile, name="profile"),
    path("profile/player/", profile_player, name="profile-player"),
    path("token/", token, name="api-token"),
    path(
        "judge-invitations/<int:invitation_id>/",
        judge_invitation_answer,
        name="judge-invitation-answer",
    ),
]
