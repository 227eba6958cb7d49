from django.urls import path

from rules import views

app_name = "rules"
urlpatterns = [
    path("", views.card_list, name="card-list"),
    path("team-check/", views.team_check, name="team-check"),
    path("<str:key>/", views.card_detail, name="card-detail"),
]
