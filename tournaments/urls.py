from django.urls import path

from tournaments import player_views, table_views, views

app_name = "tournaments"
urlpatterns = [
    path("", views.event_list, name="events"),
    path("<slug:slug>/", views.event_detail, name="event"),
    path("<slug:slug>/live/", views.event_live, name="event-live"),
    path("<slug:slug>/register/", views.register, name="register"),
    path("<slug:slug>/claim/", player_views.claim, name="claim"),
    path("<slug:slug>/claim/<str:code>/", player_views.claim, name="claim-code"),
    path("<slug:slug>/bracket/", views.bracket, name="bracket"),
    path("<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/players/<int:registration_id>/", views.player_detail, name="player"),
    path("<slug:slug>/matches/<int:match_id>/", table_views.match_detail, name="match"),
    path("<slug:slug>/tables/<int:match_id>/", table_views.table, name="table"),
    path("<slug:slug>/tables/<int:match_id>/state/", table_views.table_state, name="table-state"),
    path(
        "<slug:slug>/tables/<int:match_id>/<slug:action>/",
        table_views.table_action,
        name="table-action",
    ),
    path("<slug:slug>/matches/<int:match_id>/report/", views.match_report, name="match-report"),
]
