"""The browser client: static files (HTML, CSS, JavaScript modules) served by the server.

Nothing here is generated: ``static/`` is served as it is at ``/static`` and ``static/index.html``
at ``/`` and ``/t/{table_id}`` (see ``crafthall/server/routes/pages.py`` and ``docs/web.md``).
"""
