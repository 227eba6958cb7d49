from django.urls import path

from rules import views

app_name = "rules"
urlpatterns = [
    path("", views.card_list, name="card-list"),
    path("team-check/", views.team_check, name="team-check"),
    path("formats/", views.format_list, name="format-list"),
    path("formats/new/", views.format_create, name="format-create"),
    path("formats/<slug:code>/", views.format_detail, name="format-detail"),
    path("formats/<slug:code>/edit/", views.format_edit, name="format-edit"),
    path("<str:key>/", views.card_detail, name="card-detail"),
]
