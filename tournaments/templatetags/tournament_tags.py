from django import template

register = template.Library()


@register.filter
def get_item(mapping: dict, key: str):
    return mapping.get(key, "")


def _names(match) -> list[str]:
    players = [match.player1] + ([match.player2] if match.player2_id else [])
    return [registration.player.display_name for registration in players]


@register.filter
def search_names(match) -> str:
    """Both players' names, lowercased, for the pairings search (static/js/live.js)."""
    return "|".join(name.lower() for name in _names(match))


@register.filter
def has_player(match, query: str) -> bool:
    """The pairings search without JavaScript: does either name contain the query?"""
    query = query.strip().lower()
    return not query or any(query in name.lower() for name in _names(match))
