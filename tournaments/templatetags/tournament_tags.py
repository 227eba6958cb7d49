from functools import lru_cache

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()


# An id no row ever has: the one number reverse() is asked for, replaced by each row's own.
_ANY_ID = 987654321987


@lru_cache(maxsize=1024)
def _event_url_pattern(name: str, slug: str, prefix: str, urlconf) -> str:
    return reverse(name, args=[slug, _ANY_ID], urlconf=urlconf)


@register.simple_tag
def event_url(name: str, slug: str, pk: int) -> str:
    """{% url name slug pk %} for the rows of the long tables (pairings, standings, rounds):
    one reverse() per page kind and event instead of one per link, which was a third of the
    event page's render with 128 tables and 256 standings rows (measured)."""
    pattern = _event_url_pattern(name, slug, get_script_prefix(), get_urlconf())
    return pattern.replace(str(_ANY_ID), str(int(pk)))


@register.filter
def get_item(mapping: dict, key: str):
    return mapping.get(key, "")


@register.filter
def minutes(seconds: int) -> int:
    return seconds // 60


@register.filter
def duration(seconds: int) -> str:
    """Extra time as a judge reads it: "5 min", "1 min 35 s", "40 s"."""
    whole, rest = divmod(int(seconds), 60)
    if not whole:
        return f"{rest} s"
    return f"{whole} min" + (f" {rest} s" if rest else "")


@register.simple_tag
def games_summary(games: list[dict], match) -> str:
    """A recorded result in words, e.g. "Ann won 5–0; draw", for the audit trail and reports."""
    if not games:
        return "no result"
    names = {match.player1_id: match.player1.display_name}
    if match.player2_id:
        names[match.player2_id] = match.player2.display_name
    parts = []
    for game in games:
        winner = game.get("winner")
        text = f"{names.get(winner, 'someone')} won" if winner is not None else "draw"
        if game.get("life1") is not None and game.get("life2") is not None:
            text += f" {game['life1']}–{game['life2']}"
        ending = game.get("ending")
        if ending and ending != "life":
            text += f" ({ending.replace('_', '-')})"
        parts.append(text)
    return "; ".join(parts)


def _names(match) -> list[str]:
    players = [match.player1] + ([match.player2] if match.player2_id else [])
    return [registration.display_name for registration in players]


@register.filter
def search_names(match) -> str:
    """Both players' names, lowercased, for the pairings search (static/js/live.js)."""
    return "|".join(name.lower() for name in _names(match))


@register.filter
def has_player(match, query: str) -> bool:
    """The pairings search without JavaScript: does either name contain the query?"""
    query = query.strip().lower()
    return not query or any(query in name.lower() for name in _names(match))


@register.filter
def result_summary(match) -> str:
    """A confirmed result in one phrase from the games: "Ann won 2–1", "Draw 1–1"."""
    if match.player2_id is None:
        return "Missed round (a loss)" if match.missed_round else "Bye (a win)"
    if match.result_status != "confirmed":
        return match.get_result_status_display()
    games = list(match.games.all())
    first = sum(1 for g in games if g.winner_id == match.player1_id)
    second = sum(1 for g in games if g.winner_id == match.player2_id)
    drawn = len(games) - first - second
    if first == second:
        return f"Draw {first}–{second}" + (f"–{drawn}" if drawn else "")
    winner = match.player1 if first > second else match.player2
    score = f"{max(first, second)}–{min(first, second)}" + (f"–{drawn}" if drawn else "")
    if len(games) == 1 and games[0].life1 is not None and games[0].life2 is not None:
        score = f"on life {games[0].life1}–{games[0].life2}"
    return f"{winner.display_name} won {score}"


@register.filter
def winner_id(match) -> int | None:
    from tournaments.services.topcut import match_winner

    return match_winner(match) if match.result_status == "confirmed" else None


@register.filter
def top_cut_round_name(matches: int) -> str:
    """The usual name of a single-elimination round with this many matches."""
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(
        matches, f"Round of {matches * 2}"
    )
