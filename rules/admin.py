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
    model = TeamCard
    raw_id_fields = ["card"]
    extra = 0


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["__str__", "locked_at", "created_at"]
    inlines = [TeamCardInline]
