"""Preflight: any PDF, ours or anyone's, judged against a printer's rules before upload.

``objects`` reads PDF values that may be anything, ``content`` tokenizes a page's content
streams, ``images`` decodes an image's pixels and tells whether they are grey, ``marks``
interprets the streams into what the page paints (lines, text, images, ink), ``interior``
holds the rules for a book's interior
(``check_pdf``) and ``cover`` those for a full-wrap cover (``check_cover``). The printers'
numbers come from ``bookmaker.profiles``. Nothing here imports the renderer: a book is
checked by reading the file it wrote, as a printer would.
"""
