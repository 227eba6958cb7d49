from django.db import transaction

from tournaments import names
from tournaments.models import Player
from tournaments.services.errors import EventError


@transaction.atomic
def player_profile_update(*, user, display_name: str, contact: str = "") -> Player:
    """The account holder's own name and contact: the name offered when they register, the
    contact their events' staff see. Names already shown at events stay as registered."""
    shown = names.clean(display_name)
    if not shown:
        raise EventError("Give your name.", code="name_missing")
    if len(shown) > names.MAX_LENGTH:
        raise EventError(f"Give at most {names.MAX_LENGTH} characters.", code="name_too_long")
    player, _ = Player.objects.select_for_update().get_or_create(
        user=user, defaults={"display_name": shown, "contact": contact.strip()}
    )
    player.display_name = shown
    player.contact = contact.strip()
    player.save(update_fields=["display_name", "contact"])
    return player
