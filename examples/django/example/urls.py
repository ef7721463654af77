from django.urls import path

from accounts import external, views

urlpatterns = [
    path("", views.home, name="home"),
    path("sign-up", views.sign_up, name="sign-up"),
    path("verify-email", views.verify_email, name="verify-email"),
    path("sign-in", views.sign_in, name="sign-in"),
    path("sign-in/email", views.email_sign_in, name="email-sign-in"),
    path("sign-in/email/code", views.email_sign_in_code, name="email-sign-in-code"),
    path("sign-in/email/link", views.email_sign_in_link, name="email-sign-in-link"),
    path("sign-in/totp", views.sign_in_totp, name="sign-in-totp"),
    path("totp", views.totp, name="totp"),
    path("sign-out", views.sign_out, name="sign-out"),
    path("sign-out-everywhere", views.sign_out_everywhere, name="sign-out-everywhere"),
    # Sign-in with GitHub or an OpenID Connect provider, when Holm lists any (accounts/external.py).
    path("auth/<slug:provider>", external.start, name="external-start"),
    path("auth/<slug:provider>/callback", external.callback, name="external-callback"),
    path("auth/<slug:provider>/link", external.link_with_password, name="external-link"),
    path("identities/unlink", external.unlink, name="identity-unlink"),
]
