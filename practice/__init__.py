"""Quizzes and walkthroughs built on the rules engine."""
