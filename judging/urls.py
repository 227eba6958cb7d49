from django.urls import path

from judging import report_views, views

app_name = "judging"
urlpatterns = [
    path("", views.home, name="home"),
    path("practice/new/", views.practice_new, name="practice-new"),
    path("matches/<int:match_id>/dispute/", views.dispute_new, name="dispute-new"),
    path("matches/<int:match_id>/rulings/", views.match_rulings, name="match-rulings"),
    path("disputes/<int:pk>/", views.dispute_detail, name="dispute"),
    path("disputes/<int:pk>/board/", views.board_edit, name="board"),
    path("disputes/<int:pk>/log/", views.log_edit, name="log"),
    path("disputes/<int:pk>/clock/", views.clock, name="clock"),
    path("disputes/<int:pk>/ruling/", views.ruling_edit, name="ruling"),
    path("disputes/<int:pk>/penalty/", views.penalty_add, name="penalty"),
    path("disputes/<int:pk>/compare/", views.compare, name="compare"),
    path("disputes/<int:pk>/adjustment/", views.adjustment_line, name="adjustment"),
    path(
        "disputes/<int:pk>/branches/<int:branch_id>/sequence/",
        views.sequence_edit,
        name="sequence",
    ),
    path(
        "disputes/<int:pk>/branches/<int:branch_id>/steps/<int:number>/",
        views.step,
        name="step",
    ),
    path("disputes/<int:pk>/branches/<int:branch_id>/fork/", views.fork, name="fork"),
    path(
        "disputes/<int:pk>/branches/<int:branch_id>/delete/",
        views.branch_delete,
        name="branch-delete",
    ),
    path("disputes/<int:pk>/report/", report_views.ruling_report_request, name="ruling-report"),
    path(
        "disputes/<int:pk>/report/status/",
        report_views.ruling_report_status,
        name="ruling-report-status",
    ),
    path(
        "disputes/<int:pk>/report/preview/",
        report_views.ruling_report_preview,
        name="ruling-report-preview",
    ),
    path(
        "reports/<int:report_id>/download/",
        report_views.ruling_report_download,
        name="ruling-report-download",
    ),
    path("rules/", views.rules_reference, name="rules"),
    path("cards/", views.cards_reference, name="cards"),
    path("events/<slug:slug>/", views.event_rulings, name="event"),
    path(
        "events/<slug:slug>/players/<int:registration_id>/",
        views.player_record,
        name="player",
    ),
]
