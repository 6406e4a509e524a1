"""The saved parts (P1-P3, P7-P10): their format and writing (:mod:`.parts`), the checking
reader (:mod:`.checks`), the one- and two-step read (:mod:`.loading`), the older single
document (:mod:`.legacy`), another tab's part (:mod:`.merges`), when to store what
(:mod:`.timing`) and the tab policy (:mod:`.tabs`)."""
