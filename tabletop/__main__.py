import sys

from tabletop.app import main

sys.exit(main())
