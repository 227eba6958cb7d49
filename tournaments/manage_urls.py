from django.urls import include, path

from tournaments import manage_views as views
from tournaments import table_views

app_name = "manage"
urlpatterns = [
    path("", views.event_list, name="events"),
    path("new/", views.event_create, name="event-create"),
    path("<slug:slug>/", views.event_dashboard, name="event"),
    path("<slug:slug>/edit/", views.event_edit, name="event-edit"),
    path(
        "<slug:slug>/judge-invitations/<int:invitation_id>/withdraw/",
        views.judge_invitation_withdraw,
        name="judge-invitation-withdraw",
    ),
    path("<slug:slug>/start/", views.event_start, name="event-start"),
    path("<slug:slug>/finish/", views.event_finish, name="event-finish"),
    path("<slug:slug>/pair/", views.round_pair, name="round-pair"),
    path("<slug:slug>/top-cut/", views.top_cut_start, name="top-cut-start"),
    path("<slug:slug>/floor/", table_views.floor, name="floor"),
    path("<slug:slug>/floor/state/", table_views.floor_state, name="floor-state"),
    path(
        "<slug:slug>/rounds/<int:number>/clock/", table_views.round_clock_start, name="round-clock"
    ),
    path("<slug:slug>/matches/<int:match_id>/extend/", table_views.time_extend, name="extend"),
    path("<slug:slug>/keep-apart/", views.forbidden_pair_add, name="forbidden-pair-add"),
    path(
        "<slug:slug>/registrations/<int:registration_id>/team/",
        views.registration_team,
        name="registration-team",
    ),
    path(
        "<slug:slug>/registrations/<int:registration_id>/<slug:action>/",
        views.registration_action,
        name="registration-action",
    ),
    path("<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/repair/", views.round_repair, name="round-repair"),
    path("<slug:slug>/rounds/<int:number>/delete/", views.round_delete, name="round-delete"),
    path("<slug:slug>/matches/<int:match_id>/result/", views.match_result, name="match-result"),
    path("<slug:slug>/reports/", include("tournaments.reports.urls")),
    path("<slug:slug>/backup/", views.event_backup, name="event-backup"),
]
