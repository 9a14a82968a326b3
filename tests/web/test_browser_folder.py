"""A browser's folder on a real disk: named by the cookie's hash, its owner's only, touched when
used; pruned once its cookie must have expired, and beyond the most kept."""

from __future__ import annotations

import os
import stat
import time

from cardtable.web.browser_folder import (
    COOKIE_LIFETIME,
    MAX_FOLDERS,
    browsers_directory,
    new_cookie,
    open_browser_folder,
    prune_browser_folders,
)

DAY = 24 * 3600


def test_a_browsers_folder_is_named_by_a_hash_its_owners_only_and_touched_when_used() -> None:
    cookie = new_cookie()
    folder = open_browser_folder(cookie)
    assert folder.parent == browsers_directory()
    assert cookie not in str(folder) and cookie[:16] not in folder.name
    for path in (folder, folder.parent):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
    os.utime(folder, (time.time() - 10 * DAY,) * 2)
    assert open_browser_folder(cookie) == folder
    assert time.time() - folder.stat().st_mtime < DAY
    assert open_browser_folder(new_cookie()) != folder


def test_folders_untouched_for_the_cookies_life_are_pruned_and_the_oldest_past_the_cap() -> None:
    now = time.time()
    expired = open_browser_folder(new_cookie())
    (expired / "key").write_text("0" * 64)
    os.utime(expired, (now - COOKIE_LIFETIME - DAY,) * 2)
    recent = open_browser_folder(new_cookie())
    os.utime(recent, (now - COOKIE_LIFETIME + DAY,) * 2)
    assert prune_browser_folders(now) == 1
    assert not expired.exists() and recent.exists()

    newer = [open_browser_folder(new_cookie()) for _ in range(MAX_FOLDERS)]
    assert prune_browser_folders(now) == 1
    assert not recent.exists() and all(folder.exists() for folder in newer)
