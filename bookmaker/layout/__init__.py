"""Layout: where everything falls on a page and a cover, and how its text is set.

``page_geometry`` holds an interior page's trim, margins, slots and maze placement;
``cover_geometry`` a full-wrap cover's panels, spine, folds and safe zones; ``fonts`` the
embedded fonts and their metrics; ``typesetting`` the rules that fit text to a width; and
``views`` what each page shows, as the plan composes it and the renderer draws it.
"""
