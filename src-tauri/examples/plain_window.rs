//! A plain WebKitGTK window of a static page, the size of Tablemate's: what the package test and
//! the end-to-end start-up test measure the app beside (tests/e2e/startup.mjs). No Tauri, no
//! IPC, no service: only GTK and WebKit, through the same crates the app's webview uses.
//!
//! Once the page has painted its first frame it prints `painted <epoch ms> origin <epoch ms>
//! fcp <ms> main <epoch ms>` (the page's own clock: navigation start + the time of the second
//! animation frame; the navigation's start; its first contentful paint after it; when `main`
//! began), then runs until killed. The start-up test also starts it without WebKit's
//! accelerated compositor (`WEBKIT_DISABLE_COMPOSITING_MODE=1`), to show what that costs.

#[cfg(target_os = "linux")]
fn main() {
    use gtk::prelude::*;
    use webkit2gtk::WebViewExt;

    let main_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or_default();
    // the page sets its title to when its first frame was painted: the second animation frame
    // runs after the frame holding the page was drawn
    const PAGE: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>plain</title></head>
<body><h1>A plain WebKitGTK window</h1><script>
requestAnimationFrame(() => requestAnimationFrame(() => {
  const fcp = (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? -1;
  document.title = 'painted ' + (performance.timeOrigin + performance.now()).toFixed(1) +
    ' origin ' + performance.timeOrigin.toFixed(1) + ' fcp ' + fcp.toFixed(1);
}));
</script></body></html>"#;

    if let Err(e) = gtk::init() {
        eprintln!("plain_window: no display: {e}");
        std::process::exit(1);
    }
    let window = gtk::Window::new(gtk::WindowType::Toplevel);
    window.set_title("plain WebKitGTK");
    window.set_default_size(1280, 800);
    window.connect_destroy(|_| gtk::main_quit());
    let view = webkit2gtk::WebView::new();
    view.connect_title_notify(move |v| {
        if let Some(title) = v.title().filter(|t| t.starts_with("painted ")) {
            println!("{title} main {main_ms:.1}");
        }
    });
    view.load_html(PAGE, None);
    window.add(&view);
    window.show_all();
    gtk::main();
}

#[cfg(not(target_os = "linux"))]
fn main() {
    eprintln!("plain_window: Linux only (WebKitGTK)");
    std::process::exit(1);
}
