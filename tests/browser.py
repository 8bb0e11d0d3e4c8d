"""A headless Chromium (Debian's `chromium` and `chromium-driver`, installed by .ci/run) driven by
selenium, for the tests of the after-action report page; and the page's own check called on any log."""

from __future__ import annotations

import base64
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")


def missing() -> str:
    """Why no browser can run here, or "" when one can."""
    for path in (CHROMIUM, DRIVER):
        if not Path(path).exists():
            return f"{path} is not installed (apt-get install -y chromium chromium-driver; .ci/run does it)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return ""


def start() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="adj-chromium-")
    options.add_argument(f"--user-data-dir={profile}")  # a fresh profile: nothing from an earlier run
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    downloads = Path(profile) / "downloads"  # where the page's save link writes the log
    downloads.mkdir()
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.set_window_size(1400, 1000)
    driver.profile_dir, driver.downloads = profile, downloads
    return driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = missing()
    if why:
        pytest.skip(f"no headless Chromium: {why}")
    driver = start()
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(driver.profile_dir, ignore_errors=True)


def open_report(driver: Any, page: Path, timeout: float = 60) -> str:
    """Load a report page and wait for its verdict; the verdict's text."""
    driver.get(page.resolve().as_uri())
    deadline = time.monotonic() + timeout
    while True:
        verdict = driver.find_element("id", "verdict").text
        if verdict.startswith(("OK", "FAIL")) or time.monotonic() > deadline:
            return verdict
        time.sleep(0.05)


def console_errors(driver: Any) -> list[dict]:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def page_check(driver: Any, log: bytes) -> dict:
    """The page's own check (AdjudicatorCheck.check) of any log's bytes, with the page's schema; the
    page already open must be a report."""
    driver.set_script_timeout(120)
    return driver.execute_async_script(
        """const done = arguments[arguments.length - 1];
        const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));
        const schema = JSON.parse(document.getElementById("schema").textContent);
        AdjudicatorCheck.check(bytes, schema).then(done, (e) => done({ok: false, why: "threw " + e}));""",
        base64.b64encode(log).decode())


def downloaded(driver: Any, name: str, timeout: float = 30) -> bytes:
    """Click the open page's save link; the bytes of the file the browser writes."""
    target = driver.downloads / name
    target.unlink(missing_ok=True)
    driver.find_element("id", "save").click()
    deadline = time.monotonic() + timeout
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return target.read_bytes()


def saved_log(driver: Any) -> bytes:
    """The log as the open page's save link gives it: its log element's text, unescaped, in UTF-8."""
    text = driver.execute_script(
        'return AdjudicatorCheck.unembed(document.getElementById("log").textContent);')
    return text.encode("utf-8")


if __name__ == "__main__":
    # python3 tests/browser.py PAGE.html OUT.png [STEP]: a screenshot of a report at a step, as the README shows it
    import sys

    page, out = Path(sys.argv[1]), Path(sys.argv[2])
    driver = start()
    try:
        driver.set_window_size(1280, 1400)
        print(open_report(driver, page))
        if len(sys.argv) > 3:
            driver.execute_script('const s = document.getElementById("slider"); s.value = arguments[0];'
                                  's.dispatchEvent(new Event("input"));', int(sys.argv[3]) - 1)
        driver.execute_script('document.getElementById("check").scrollIntoView();')
        out.write_bytes(driver.get_screenshot_as_png())
    finally:
        driver.quit()
        shutil.rmtree(driver.profile_dir, ignore_errors=True)
