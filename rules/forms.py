from django import forms

from rules.models import Format


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
