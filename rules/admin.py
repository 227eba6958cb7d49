from django.contrib import admin

from rules.models import Card, CardSet, Die, Format, Team, TeamCard


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "group", "universe"]
    search_fields = ["code", "name"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "subtitle", "kind", "cost", "max_dice", "card_set"]
    list_filter = ["kind", "card_set"]
    search_fields = ["key", "name", "subtitle"]
    raw_id_fields = ["die"]


@admin.register(Die)
class DieAdmin(admin.ModelAdmin):
    list_display = ["key", "card_set"]
    search_fields = ["key"]


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "is_builtin", "created_by"]


class TeamCardInline(admin.TabularInline):
    """A locked team's cards are shown, not edited: saving them would be refused (T4.2)."""

    model = TeamCard
    raw_id_fields = ["card"]
    extra = 0

    def _editable(self, obj) -> bool:
        return obj is None or not obj.is_locked

    def has_add_permission(self, request, obj=None):
        return self._editable(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._editable(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._editable(obj) and super().has_delete_permission(request, obj)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["__str__", "locked_at", "created_at"]
    # Set when the team's event starts; clearing it here would let the cards change mid-event.
    readonly_fields = ["locked_at"]
    inlines = [TeamCardInline]
