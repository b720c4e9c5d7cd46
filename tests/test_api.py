"""The JSON API as a developer meets it: documented fields, one error shape for every mistake, one meaning of
days_in_pound, and a health check a load balancer can HEAD."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from pinfold.schema import PUBLIC


def test_the_docs_show_every_field_of_every_answer(client) -> None:
    # Before: the responses were {"additionalProp1": {}}: a developer learnt the fields by trying.
    spec = client.get("/api/openapi.json").json()
    schemas = spec["components"]["schemas"]
    con = sqlite3.connect(":memory:")
    con.executescript(PUBLIC)
    columns = [r[1] for r in con.execute("PRAGMA table_info(impoundments)")]
    impoundment = schemas["Impoundment"]["properties"]
    assert set(columns) <= set(impoundment)
    assert all(impoundment[c].get("description") for c in columns)  # from metadata.yml, the data dictionary
    for path, model in (
        ("/api/impoundments", "SearchPage"),
        ("/api/impoundments/{impoundment_id}", "Impoundment"),
        ("/api/impoundments/{impoundment_id}/due", "Due"),
    ):
        ok = spec["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert ok == {"$ref": f"#/components/schemas/{model}"}
    assert {"total_rupees", "auction_earliest_on", "sections"} <= set(schemas["Due"]["properties"])


def test_lang_is_documented_wherever_it_is_taken(client) -> None:
    spec = client.get("/api/openapi.json").json()
    for path, ops in spec["paths"].items():
        names = [p["name"] for p in ops["get"].get("parameters", [])]
        if path != "/healthz":
            assert "lang" in names, path
    assert client.get("/api/impoundments", params={"lang": "fr"}).status_code == 400


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("path", ["/api/impoundments", "/feeds/impounded.rss", "/calendar/auctions.ics"])
def test_a_write_to_an_address_that_only_reads_gets_the_documented_error(client, method: str, path: str) -> None:
    # JSON under /api; elsewhere a page for a person, and JSON for a client that asks for it (README "HTTP")
    r = client.request(method, path, headers={"Accept": "application/json"})
    assert r.status_code == 405 and r.headers["allow"] == "GET"
    assert set(r.json()) == {"error", "message", "status"} and r.json()["status"] == 405
    if not path.startswith("/api/"):
        page = client.request(method, path)
        assert page.status_code == 405 and page.headers["content-type"].startswith("text/html")


def test_a_load_balancer_can_head_the_health_check(client) -> None:
    r = client.head("/healthz")
    assert r.status_code == 200 and r.content == b""


def test_days_in_pound_means_one_thing_in_the_list_and_for_one_animal(client) -> None:
    # Before: the list counted the days to today while the single animal gave the table's column, empty while the
    # animal is in the pound.
    rows = client.get("/api/impoundments", params={"q": "black", "limit": 200}).json()["rows"]
    in_pound = [r for r in rows if r["in_pound_now"]][:5]
    left = [r for r in rows if r["left_on"]][:5]
    assert in_pound and left
    for r in in_pound + left:
        one = client.get(f"/api/impoundments/{r['id']}").json()
        assert one["days_in_pound"] == r["days_in_pound"] is not None
        assert one["last_day_to_claim"] == r["last_day_to_claim"] and one["in_pound_now"] == r["in_pound_now"]
        assert one["fate"] == r["fate"] and one["next_event"] == r["next_event"]


def test_a_day_far_ahead_does_not_charge_an_entry_the_register_is_silent_on_then(client, demo_dbs) -> None:
    # Before: /due?on=2099-12-31 charged 26,694 days of feeding for an animal whose register had gone silent.
    con = sqlite3.connect(demo_dbs[0])
    animal, brought, by_notice = con.execute(
        """SELECT id, brought_on, auction_by_notice_on FROM impoundments
           WHERE status = 'impounded' AND act = 'kerala-1961' AND auction_by_notice_on >= date('now', '+330 minutes')
           ORDER BY id LIMIT 1"""
    ).fetchone()
    due = client.get(f"/api/impoundments/{animal}/due", params={"on": "2099-12-31"}).json()
    last_day = dt.date.fromisoformat(by_notice) - dt.timedelta(days=1)
    assert due["register_silent"] is True and due["fate"] == "register_silent"
    assert due["days_in_pound"] == (last_day - dt.date.fromisoformat(brought)).days
    today = client.get(f"/api/impoundments/{animal}/due").json()
    assert today["register_silent"] is False and today["in_pound_now"] is True


@pytest.mark.parametrize(
    "params",
    [{"q": "cow"}, {"q": "black cow", "limit": "500"}, {"limit": "7", "offset": "3"}, {"q": "കറുത്ത"}, {"q": "zzzz"}],
)
def test_a_search_answers_the_bytes_its_model_validated_would(client, params: dict[str, str]) -> None:
    # The route writes its JSON without FastAPI's validation of the rows against SearchPage (a second trip through
    # the render threads): the answer must be the model's own, byte for byte, and valid against it.
    from portal.models import SearchPage

    body = client.get("/api/impoundments", params=params).content
    assert body == SearchPage.model_validate_json(body).model_dump_json().encode()
    assert client.get("/api/impoundments", params=params).headers["content-type"] == "application/json"
