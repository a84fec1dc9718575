//! The end-to-end run's stand-in for the desktop's ScreenSaver service (scripts/e2e starts it
//! on a private session bus before the app): every Inhibit and UnInhibit the app sends is
//! appended to a file, which tests/e2e/table.test.mjs reads to check that the real window keeps
//! the screen on during a game and lets it go afterwards.
//!
//! Usage: screensaver_standin BUS_ADDRESS LOG_FILE   (runs until killed)

#[cfg(target_os = "linux")]
#[path = "../tests/support/screensaver.rs"]
mod screensaver;

#[cfg(target_os = "linux")]
fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(address), Some(log)) = (args.next(), args.next()) else {
        eprintln!("usage: screensaver_standin BUS_ADDRESS LOG_FILE");
        std::process::exit(1);
    };
    let saver = screensaver::ScreenSaver {
        calls: Default::default(),
        log: Some(log.into()),
    };
    let _conn = match screensaver::serve(&address, saver) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("screensaver_standin: cannot serve on {address}: {e}");
            std::process::exit(1);
        }
    };
    // say it is there, then serve until killed
    println!("ready");
    loop {
        std::thread::park();
    }
}

#[cfg(not(target_os = "linux"))]
fn main() {
    eprintln!("screensaver_standin is for Linux");
}
