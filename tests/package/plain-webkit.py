#!/usr/bin/python3
"""A plain WebKitGTK window of an empty page, the size of Tablemate's: the baseline the installed
app's memory is measured beside (tests/package/installed.test.mjs). Prints "loaded" once the page
has loaded; runs until killed. Needs python3-gi and gir1.2-webkit2-4.1 (scripts/setup)."""

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402


def on_load(_view, event):
    if event == WebKit2.LoadEvent.FINISHED:
        print("loaded", flush=True)


window = Gtk.Window(title="plain WebKitGTK")
window.set_default_size(1280, 800)
window.connect("destroy", Gtk.main_quit)
view = WebKit2.WebView()
view.connect("load-changed", on_load)
view.load_html("<!doctype html><html><body></body></html>", None)
window.add(view)
window.show_all()
Gtk.main()
