//! Tournament logic, pure: pairings, byes, standings and tie-breakers.
