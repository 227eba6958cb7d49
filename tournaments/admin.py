from django.contrib import admin

from tournaments.models import (
    ApiToken,
    Event,
    ForbiddenPair,
    Game,
    Match,
    PairingChange,
    Player,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    RoundDeletion,
)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "venue", "format", "status"]
    list_filter = ["status", "format"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "venue"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "contact", "user"]
    search_fields = ["display_name"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["display_name", "player", "event", "checked_in", "dropped_after_round"]
    search_fields = ["display_name"]
    # The name is checked for look-alikes by the services (registration_create), not here.
    readonly_fields = ["display_name", "name_key", "claim_code"]
    list_filter = ["event", "checked_in"]
    raw_id_fields = ["team"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "seed", "started_at"]


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    raw_id_fields = ["first_player", "winner"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round"]
    raw_id_fields = ["player1", "player2"]
    inlines = [GameInline]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event"]
    raw_id_fields = ["first", "second"]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    """The audit trail is read-only: it records what happened."""

    list_display = ["match", "kind", "changed_by", "changed_at", "reason"]
    list_filter = ["kind"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    list_display = ["match", "reported_by", "created_at"]


@admin.register(RoundDeletion)
class RoundDeletionAdmin(ResultChangeAdmin):
    list_display = ["event", "number", "deleted_by", "deleted_at", "had_results"]
    list_filter = []


@admin.register(PairingChange)
class PairingChangeAdmin(ResultChangeAdmin):
    list_display = ["round", "description", "changed_by", "changed_at"]
    list_filter = []


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Who has which token until when; an administrator revokes one by deleting it. Tokens are
    made by their owners (account page, the token login), never here."""

    list_display = ["user", "scope", "created", "expires"]
    list_filter = ["scope"]
    search_fields = ["user__username"]
    fields = ["user", "scope", "created"]
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
