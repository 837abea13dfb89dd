"""Game-independent views: board canvas, timeline, rule panel, event log, score sheet, set-up."""
