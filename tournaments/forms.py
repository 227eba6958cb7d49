from django import forms

from rules.models import Format
from tournaments.models import TIEBREAKER_NAMES, Event, Game, Match
from tournaments.services import EventError, GameInput
from tournaments.services.judges import checked_usernames

DRAW = "draw"


class EventForm(forms.ModelForm):
    tiebreakers = forms.CharField(
        initial="omw, gw, ogw, random",
        help_text=f"In order, separated by commas: {', '.join(TIEBREAKER_NAMES)}.",
    )
    judge_names = forms.CharField(
        label="Judges",
        required=False,
        help_text="Their usernames, separated by commas: judges enter and correct results, "
        "swap pairings, give extra time and watch the floor. A new name is sent an invitation "
        "and becomes a judge once its holder accepts it; a name taken out stops judging at once.",
    )

    class Meta:
        model = Event
        fields = [
            "name", "date", "venue", "format", "match_type", "round_minutes", "swiss_rounds",
            "top_cut", "top_cut_best_of_three", "points_win", "points_draw", "points_loss",
            "tiebreakers", "percentage_floor", "team_list_required",
        ]  # fmt: skip
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].queryset = Format.objects.all()
        self.fields["format"].to_field_name = "code"
        self.fields["format"].empty_label = None
        if not self.instance.pk:
            self.initial.setdefault("format", "tournament")
        if self.instance.pk:
            self.initial["tiebreakers"] = ", ".join(self.instance.tiebreakers)
            # The field looks formats up by code; a disabled field submits its initial value.
            self.initial["format"] = self.instance.format.code
            self.initial["judge_names"] = ", ".join(
                self.instance.judges.values_list("username", flat=True)
            )

    def clean_judge_names(self):
        try:
            return checked_usernames(self.cleaned_data["judge_names"].split(","))
        except EventError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_tiebreakers(self):
        names = [name.strip().lower() for name in self.cleaned_data["tiebreakers"].split(",")]
        return [name for name in names if name]


class RegistrationForm(forms.Form):
    """The organiser registers a player by name; the player links their account with the
    registration's claim code (ClaimForm), so no one's account is named or changed here."""

    display_name = forms.CharField(label="Player name", max_length=80)
    contact = forms.CharField(label="Contact (optional)", max_length=200, required=False)
    team_list = forms.CharField(
        label="Team list",
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="A Team Builder link, DiceMastersDB lines or a plain list.",
    )
    fixed_table = forms.IntegerField(
        label="Fixed table (optional)",
        required=False,
        min_value=1,
        help_text="For a player who must always sit at the same table.",
    )


class TeamListForm(forms.Form):
    """Give or replace one player's team list before the event starts."""

    team_list = forms.CharField(
        label="Team list",
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text="A Team Builder link, DiceMastersDB lines or a plain list.",
    )


class SwapForm(forms.Form):
    """A judge swaps two players' seats; warnings must be confirmed."""

    first = forms.ModelChoiceField(queryset=None, label="Swap")
    second = forms.ModelChoiceField(queryset=None, label="with")
    confirm = forms.BooleanField(required=False, label="I have read the warnings; swap anyway")

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        from tournaments.models import Registration

        seated_ids = {
            pid for match in round_.matches.all() if not match.missed_round
            for pid in match.player_ids()
        }  # fmt: skip
        seated = Registration.objects.filter(pk__in=seated_ids).select_related("player")
        for name in ("first", "second"):
            self.fields[name].queryset = seated
            self.fields[name].label_from_instance = lambda r: r.display_name
            self.fields[name].empty_label = "choose a player"


class LateEntryForm(RegistrationForm):
    missed_rounds_as = forms.ChoiceField(
        label="Missed rounds count as",
        choices=[("loss", "a loss each"), ("bye", "a bye each")],
    )


class MatchResultForm(forms.Form):
    """One row of fields per game: winner (or draw), how it ended, final life totals."""

    reason = forms.CharField(
        required=False, max_length=500, help_text="Needed when correcting a confirmed result."
    )

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        players = [(str(match.player1_id), match.player1.display_name)]
        players.append((str(match.player2_id), match.player2.display_name))
        self.game_count = 3 if match.round.is_best_of_three else 1
        existing = {game.number: game for game in match.games.all()}
        for number in range(1, self.game_count + 1):
            optional = number > 1
            game = existing.get(number)
            self.fields[f"game{number}_winner"] = forms.ChoiceField(
                label=f"Game {number} winner",
                choices=([("", "not played")] if optional else [("", "choose")])
                + players
                + [(DRAW, "Draw")],
                required=not optional,
                initial=(DRAW if game.is_draw else str(game.winner_id)) if game else "",
            )
            self.fields[f"game{number}_first"] = forms.ChoiceField(
                label=f"Game {number} went first",
                choices=[("", "not recorded")] + players,
                required=False,
                initial=str(game.first_player_id) if game and game.first_player_id else "",
            )
            self.fields[f"game{number}_ending"] = forms.ChoiceField(
                label=f"Game {number} ended by",
                choices=Game.Ending.choices,
                initial=game.ending if game else Game.Ending.LIFE,
                required=False,
            )
            for side, player in ((1, match.player1), (2, match.player2)):
                self.fields[f"game{number}_life{side}"] = forms.IntegerField(
                    label=f"Game {number}: {player.display_name}'s life",
                    required=False,
                    min_value=-99,
                    max_value=99,
                    initial=getattr(game, f"life{side}") if game else None,
                )

    def games(self) -> list[GameInput]:
        games = []
        for number in range(1, self.game_count + 1):
            winner = self.cleaned_data.get(f"game{number}_winner")
            if not winner:
                continue
            games.append(
                GameInput(
                    winner=None if winner == DRAW else int(winner),
                    ending=self.cleaned_data.get(f"game{number}_ending") or Game.Ending.LIFE,
                    life1=self.cleaned_data.get(f"game{number}_life1"),
                    life2=self.cleaned_data.get(f"game{number}_life2"),
                    first_player=int(first)
                    if (first := self.cleaned_data.get(f"game{number}_first"))
                    else None,
                )
            )
        return games

    def game_rows(self):
        return [
            [self[f"game{n}_{part}"] for part in ("winner", "first", "ending", "life1", "life2")]
            for n in range(1, self.game_count + 1)
        ]


class ForbiddenPairForm(forms.Form):
    """Keep two players apart (family, team-mates) while the pairing allows it."""

    first = forms.ModelChoiceField(queryset=None, label="Keep apart", empty_label="choose a player")
    second = forms.ModelChoiceField(queryset=None, label="and", empty_label="choose a player")
    until_round = forms.IntegerField(label="until round", min_value=1, max_value=99, initial=3)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        players = event.registrations.select_related("player").order_by("display_name")
        for name in ("first", "second"):
            self.fields[name].queryset = players
            self.fields[name].label_from_instance = lambda r: r.display_name

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError("Choose two different players.")
        return data


class SelfRegistrationForm(forms.Form):
    """A player registering themselves: their name at the event, a contact, the team list."""

    display_name = forms.CharField(label="Your name at the event", max_length=80)
    contact = forms.CharField(
        label="Contact (optional)",
        max_length=200,
        required=False,
        help_text="Saved on your profile; only the staff of your events see it.",
    )
    team_list = forms.CharField(
        label="Team list",
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="A Team Builder link, DiceMastersDB lines or a plain list.",
    )


class ClaimForm(forms.Form):
    """The claim code an organiser gave a player they registered by name."""

    code = forms.CharField(
        label="Claim code",
        max_length=40,
        help_text="From the organiser: it links your account to the registration they made.",
    )


class PlayerProfileForm(forms.Form):
    """The account holder's own name and contact."""

    display_name = forms.CharField(
        label="Your name",
        max_length=80,
        help_text="Offered when you register; names already shown at events stay as they are.",
    )
    contact = forms.CharField(
        label="Contact (optional)",
        max_length=200,
        required=False,
        help_text="Only the staff of the events you play in see it.",
    )
