from django import template

register = template.Library()


@register.filter
def get_item(mapping: dict, key: str):
    return mapping.get(key, "")


@register.filter
def minutes(seconds: int) -> int:
    return seconds // 60


@register.simple_tag
def games_summary(games: list[dict], match) -> str:
    """A recorded result in words, e.g. "Ann won 5–0; draw", for the audit trail and reports."""
    if not games:
        return "no result"
    names = {match.player1_id: match.player1.player.display_name}
    if match.player2_id:
        names[match.player2_id] = match.player2.player.display_name
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
