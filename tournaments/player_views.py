"""A player's own identity: their name and contact, and claiming a registration an organiser
made for them by name (its claim code links their account; nobody else's profile changes)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render

from tournaments import services
from tournaments.forms import ClaimForm, PlayerProfileForm
from tournaments.models import Event, Player


@login_required
def claim(request, slug: str, code: str = ""):
    """GET shows the code (from the organiser's link) to confirm; POST links the account."""
    event = get_object_or_404(Event, slug=slug)
    form = ClaimForm(request.POST or None, initial={"code": code})
    if request.method == "POST" and form.is_valid():
        try:
            registration = services.registration_claim(
                event=event, code=form.cleaned_data["code"], user=request.user
            )
        except services.EventError as error:
            form.add_error("code", str(error))
        else:
            messages.success(
                request, f"Your account plays {event.name} as {registration.display_name}."
            )
            return redirect("tournaments:player", slug=slug, registration_id=registration.pk)
    return render(request, "tournaments/claim.html", {"event": event, "form": form})


@login_required
def profile_player(request):
    """The account holder's own name and contact (no one else changes them)."""
    player = Player.objects.filter(user=request.user).first()
    form = PlayerProfileForm(
        request.POST or None,
        initial={
            "display_name": player.display_name if player else request.user.get_username(),
            "contact": player.contact if player else "",
        },
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.player_profile_update(user=request.user, **form.cleaned_data)
        except services.EventError as error:
            form.add_error("display_name", str(error))
        else:
            messages.success(request, "Your name and contact are saved.")
            return redirect("profile")
    return render(request, "registration/profile_player.html", {"form": form})
