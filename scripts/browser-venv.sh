# Sourced by the browser test and benchmark: sets $browser_python to a Python with selenium and
# selenium-axe-python (axe-core 4.9), making .build/browser-venv with pip when it is missing.
# (PyPI's axe-selenium-python ships axe-core 3.1 for Python 3.11, whose rules predate ARIA 1.2.)
browser_venv=.build/browser-venv
browser_python=$browser_venv/bin/python
if ! "$browser_python" -c "import selenium, selenium_axe_python" 2>/dev/null; then
  python3 -m venv "$browser_venv"
  "$browser_venv/bin/pip" install -q "selenium>=4.20" "selenium-axe-python==2.2.0"
fi
