from django import forms

from rules.models import CardSet, Format
from rules.teams import TeamListError, parse_card_names


class TeamCheckForm(forms.Form):
    format = forms.ModelChoiceField(
        queryset=Format.objects.all(), to_field_name="code", empty_label=None
    )
    team_list = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        max_length=20_000,
        help_text=(
            "Paste a Team Builder link, DiceMastersDB export lines, or a plain list "
            "(e.g. '4x Beast: Big Boy Blue (AvX)' and 'Basic Actions: A (AvX) and B (AvX)')."
        ),
    )


BASE_CHOICES = [
    ("tournament", "Tournament: 20 life, up to 8 cards and 20 dice, 2 different basic actions"),
    ("basic", "Basic: 15 life, up to 6 cards and 15 dice, 2 different basic actions"),
    ("doubles", "Doubles: 30 shared life, each partner 4 cards and 1 basic action"),
]


class CardSetChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.name} ({obj.code.upper()})"


class FormatForm(forms.Form):
    """An organiser's format: a built-in one's limits, a legal-set list and a ban list."""

    name = forms.CharField(max_length=100, help_text="As players will see it, e.g. 'Modern 2024'.")
    base = forms.ChoiceField(
        label="Team limits", choices=BASE_CHOICES, initial="tournament", widget=forms.RadioSelect
    )
    legal_sets = CardSetChoices(
        queryset=CardSet.objects.all(),
        to_field_name="code",
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Tick the sets a Modern-style rotation allows. Tick none for every set.",
    )
    banned = forms.CharField(
        label="Banned cards",
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=(
            "One card per line: its Team Builder code (31uxm) or as in a team list "
            "(Relentless (UXM)). Lines starting with # are notes."
        ),
    )
    one_card_per_set = forms.BooleanField(
        label="10/10: every card of a team from a different set", required=False
    )

    def __init__(self, *args, cards=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.cards = cards

    def clean_banned(self):
        try:
            return [card.key for card in parse_card_names(self.cleaned_data["banned"], self.cards)]
        except TeamListError as error:
            raise forms.ValidationError(
                [problem.describe() for problem in error.problems]
            ) from None
