from django.contrib import admin

from judging.models import Branch, Dispute, Penalty, Ruling


class BranchInline(admin.TabularInline):
    model = Branch
    extra = 0
    fields = ("name", "parent", "fork_step", "actions", "created_by")
    raw_id_fields = ("parent", "created_by")


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin):
    list_display = ("title", "event", "match", "status", "opened_by", "opened_at")
    list_filter = ("status", "event")
    search_fields = ("title", "player1_name", "player2_name")
    raw_id_fields = ("event", "match", "opened_by")
    readonly_fields = ("version", "opened_at", "updated_at")
    inlines = [BranchInline]


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    list_display = ("question", "event", "match", "judge", "recorded_at")
    list_filter = ("event",)
    search_fields = ("question", "answer")
    raw_id_fields = ("dispute", "event", "match", "upheld_branch", "judge")


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ("registration", "kind", "reason", "event", "match", "issued_by", "issued_at")
    list_filter = ("kind", "event")
    search_fields = ("registration__display_name", "reason")
    raw_id_fields = ("event", "match", "registration", "ruling", "issued_by")
