from django.contrib import admin
from django.contrib.auth import urls as auth_urls
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import healthz
from config.views import home

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("events/", include("tournaments.urls")),
    path("manage/", include("tournaments.manage_urls")),
    path("cards/", include("rules.urls")),
    path("judging/", include("judging.urls")),
    path("api/", include("config.api")),
    path("accounts/", include("config.accounts")),
    # Django's login, logout and password pages, but the password change: config.accounts has
    # its own, whose old-password check counts towards the login throttling.
    path(
        "accounts/",
        include([url for url in auth_urls.urlpatterns if url.name != "password_change"]),
    ),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves the docs' start-up script as a file of its own (?script): no inline
    # script for the Content-Security-Policy to allow.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

handler404 = "config.views.not_found"
handler400 = "config.views.bad_request"
handler500 = "config.views.server_error"
